import { formatDate, formatEuro } from '@umrah/domain';
import { layout } from '../../infra/mail/templates.ts';
import { cutText } from '../../infra/pdf/index.ts';

// Dutch mails of the reminders (order log types 1-4 documents, 6-10 payments); the mail of an unpaid
// lead that expired belongs to its status (orders/status-mails.ts).
// Plain text with an HTML twin through the shared layout, like every other mail.

/** Document reminder steps the admin (or the scheduler) can send: log types 1-4. */
export const DOCUMENT_STEPS = {
  1: 'Verzoek',
  2: 'Eerste herinnering',
  3: 'Tweede herinnering',
  4: 'Annulering',
} as const;
/** Payment reminder steps, log types 6-10; `amount_sent` 0-4 of the API is the type minus 6. */
export const PAYMENT_STEPS = {
  6: 'Verzoek',
  7: 'Eerste herinnering',
  8: 'Tweede herinnering',
  9: 'Derde herinnering',
  10: 'Annulering',
} as const;
export type DocumentStep = keyof typeof DOCUMENT_STEPS;
export type PaymentStep = keyof typeof PAYMENT_STEPS;

// A name from an old row may be long: every mail cuts it like the cancellation mail does.
const hello = (firstName: string) => `Beste ${cutText(firstName, 100)},`;
const names = (list: string[]) => list.map((n) => cutText(n, 200)).join(', ');

export function documentReminderMail(p: {
  step: DocumentStep;
  firstName: string;
  orderNumber: string;
  trip: { label: string; start: string | null } | null;
  missingGuests: string[];
  link: string;
}) {
  const trip = p.trip ? `${cutText(p.trip.label, 200)}${p.trip.start ? ` (vertrek ${formatDate(p.trip.start)})` : ''}` : 'je reis';
  const subject = {
    1: `Lever de reisdocumenten aan voor bestelling ${p.orderNumber}`,
    2: `Herinnering: reisdocumenten voor bestelling ${p.orderNumber}`,
    3: `Tweede herinnering: reisdocumenten voor bestelling ${p.orderNumber}`,
    4: `Laatste bericht: reisdocumenten voor bestelling ${p.orderNumber} ontbreken`,
  }[p.step];
  const body =
    p.step === 4
      ? [
          `We hebben de reisdocumenten voor ${trip} nog steeds niet van alle reizigers ontvangen. Zonder deze documenten kunnen we geen visum aanvragen en kan de reis voor deze reizigers niet doorgaan.`,
          'Lever de documenten vandaag nog aan, of neem direct contact met ons op.',
        ]
      : [
          p.step === 1
            ? `Voor ${trip} vragen we het visum voor je aan. Daarvoor hebben we van elke reiziger de paspoortgegevens en een pasfoto nodig.`
            : `Dit is een herinnering: voor ${trip} hebben we nog niet van elke reiziger de paspoortgegevens en een pasfoto ontvangen.`,
          'Je levert ze aan via de link hieronder; het kost per reiziger een paar minuten.',
        ];
  return {
    subject,
    ...layout('Reisdocumenten aanleveren', [hello(p.firstName), ...body, `Nog aan te leveren voor: ${names(p.missingGuests)}.`], {
      href: p.link,
      label: 'Documenten aanleveren',
    }),
  };
}

export function paymentReminderMail(p: {
  step: PaymentStep;
  firstName: string;
  orderNumber: string;
  total: number;
  paid: number;
  open: number;
  deadline: string | null;
  /** Today's Dutch date: a deadline already passed is named as passed, not as a date to pay before. */
  today: string;
  link: string;
}) {
  const subject = {
    6: `Betaling van je bestelling ${p.orderNumber}`,
    7: `Herinnering: betaling van je bestelling ${p.orderNumber}`,
    8: `Tweede herinnering: betaling van je bestelling ${p.orderNumber}`,
    9: `Derde herinnering: betaling van je bestelling ${p.orderNumber}`,
    10: `Laatste bericht: betaling van je bestelling ${p.orderNumber}`,
  }[p.step];
  const passed = p.deadline !== null && p.deadline < p.today;
  const due = p.deadline && !passed ? ` vóór ${formatDate(p.deadline)}` : ' zo snel mogelijk';
  const body =
    p.step === 10
      ? [
          `We hebben de betaling van je bestelling ${p.orderNumber} nog niet (volledig) ontvangen. Zonder betaling kunnen we je bestelling niet aanhouden en wordt deze geannuleerd.`,
          `Betaal het openstaande bedrag van ${formatEuro(p.open)} direct, of neem contact met ons op.`,
        ]
      : [
          p.step === 6
            ? `Voor je bestelling ${p.orderNumber} staat nog een bedrag open. Graag ontvangen we de betaling${due}.`
            : `Dit is een herinnering: voor je bestelling ${p.orderNumber} staat nog een bedrag open. Graag ontvangen we de betaling${due}.`,
          ...(passed ? [`De betaaltermijn (${formatDate(p.deadline)}) is verstreken.`] : []),
          `Openstaand bedrag: ${formatEuro(p.open)} (totaal ${formatEuro(p.total)}, al betaald ${formatEuro(p.paid)}).`,
          'Je betaalt via Account - Mijn bestellingen. Heb je al betaald? Dan kun je dit bericht negeren.',
        ];
  return {
    subject,
    ...layout('Betaling van je bestelling', [hello(p.firstName), ...body], { href: p.link, label: 'Naar mijn bestelling' }),
  };
}
