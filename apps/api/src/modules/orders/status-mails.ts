import { formatEuro } from '@umrah/domain';
import { layout } from '../../infra/mail/templates.ts';
import { cutText } from '../../infra/pdf/index.ts';

// The customer's mails that belong to an order's status (transition.ts sends them): cancelled by
// staff, and an unpaid lead let go by the scheduler. Plain text with an HTML twin through the
// shared layout. A name is cut: an old row may hold megabytes.

const hello = (firstName: string) => `Beste ${cutText(firstName, 100)},`;

export function cancellationMail(p: {
  firstName: string;
  orderNumber: string;
  paid: number;
  creditTitle: string | null;
  /** false: the credit note could not be made now; the mail says where to find it. */
  attached: boolean;
  ordersUrl: string;
}) {
  const credit = p.creditTitle?.toLowerCase();
  return {
    subject: `Annulering van je bestelling ${p.orderNumber}`,
    ...layout(
      'Je bestelling is geannuleerd',
      [
        hello(p.firstName),
        `Je bestelling ${p.orderNumber} is geannuleerd.`,
        ...(credit
          ? [
              p.attached
                ? `Je hebt voor deze bestelling ${formatEuro(p.paid)} betaald. In de bijlage vind je de ${credit}.`
                : `Je hebt voor deze bestelling ${formatEuro(p.paid)} betaald. De ${credit} kon niet worden meegestuurd; je downloadt hem bij deze bestelling onder Account - Mijn bestellingen.`,
              'Over de terugbetaling nemen we contact met je op.',
            ]
          : ['Er was voor deze bestelling nog niets betaald.']),
        'Heb je vragen over de annulering? Neem dan contact met ons op.',
      ],
      { href: p.ordersUrl, label: 'Naar mijn bestellingen' },
    ),
  };
}

export function leadExpiredMail(p: { firstName: string; orderNumber: string; hours: number; link: string }) {
  return {
    subject: `Je bestelling ${p.orderNumber} is vervallen`,
    ...layout(
      'Je bestelling is vervallen',
      [
        hello(p.firstName),
        `Je bestelling ${p.orderNumber} is ${p.hours} uur na het plaatsen nog niet betaald. We hebben de bestelling daarom geannuleerd en de plaatsen weer vrijgegeven, zodat andere reizigers ze kunnen boeken.`,
        'Wil je toch mee? Plaats dan een nieuwe bestelling; zolang er plaats is, kan dat meteen.',
      ],
      { href: p.link, label: 'Bekijk de reizen' },
    ),
  };
}
