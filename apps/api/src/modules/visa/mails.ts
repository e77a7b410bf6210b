import { layout } from '../../infra/mail/templates.ts';

// Dutch mails of the visa documents flow (plain text with an HTML twin, like the other mails).

export function redoDocumentsMail(opts: { firstName: string; orderNumber: string; guestNames: string[]; reason: string; link: string }) {
  return {
    subject: `Graag je reisdocumenten opnieuw aanleveren (${opts.orderNumber})`,
    ...layout(
      'Documenten opnieuw aanleveren',
      [
        `Beste ${opts.firstName},`,
        `We hebben de aangeleverde documenten van je bestelling ${opts.orderNumber} bekeken. De documenten van ${opts.guestNames.join(', ')} kunnen we zo helaas niet gebruiken voor de visumaanvraag.`,
        `Reden: ${opts.reason}`,
        'Wil je de gegevens en de pasfoto van deze reiziger(s) opnieuw invoeren? De gegevens van de andere reizigers blijven bewaard.',
      ],
      { href: opts.link, label: 'Documenten opnieuw aanleveren' },
    ),
  };
}

export function documentsCompleteOfficeMail(opts: {
  orderNumber: string;
  customer: string;
  email: string;
  trip: string | null;
  guestNames: string[];
  adminLink: string;
}) {
  return {
    subject: `Documenten compleet: ${opts.orderNumber}`,
    ...layout(
      `Documenten compleet voor ${opts.orderNumber}`,
      [
        `${opts.customer} (${opts.email}) heeft de visumdocumenten van alle reizigers aangeleverd.`,
        ...(opts.trip ? [`Reis: ${opts.trip}`] : []),
        `Reizigers: ${opts.guestNames.join(', ')}`,
      ],
      { href: opts.adminLink, label: 'Bekijk de bestelling' },
    ),
  };
}

export function documentsCompleteCustomerMail(opts: { firstName: string; orderNumber: string; guestNames: string[]; accountUrl: string }) {
  return {
    subject: `Je documenten zijn ontvangen (${opts.orderNumber})`,
    ...layout(
      'Documenten ontvangen',
      [
        `Beste ${opts.firstName},`,
        `Bedankt! We hebben de documenten van alle reizigers van bestelling ${opts.orderNumber} ontvangen: ${opts.guestNames.join(', ')}.`,
        'We gaan hiermee de visumaanvraag voorbereiden. Als er iets niet klopt, nemen we contact met je op.',
      ],
      { href: opts.accountUrl, label: 'Naar mijn bestellingen' },
    ),
  };
}
