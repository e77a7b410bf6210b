import { downPaymentDue, formatEuro, formatOrderNumber } from '@umrah/domain';
import { layout } from '../../infra/mail/templates.ts';

/** The customer's receipt for a payment: a down payment (something still open) or the full amount. */
export function paymentReceivedMail(p: { firstName: string; orderId: number; amount: number; paid: number; total: number; ordersUrl: string }) {
  const number = formatOrderNumber(p.orderId);
  const open = Math.max(0, p.total - p.paid);
  // Every receipt ends with the link to the customer's orders.
  const receipt = (subject: string, title: string, lines: string[]) => ({
    subject,
    ...layout(title, lines, { href: p.ordersUrl, label: 'Naar mijn bestellingen' }),
  });
  if (open === 0) {
    return receipt(`Betaling ontvangen – bestelling ${number} is volledig betaald`, 'Bedankt voor je betaling', [
      `Beste ${p.firstName},`,
      `We hebben je betaling van ${formatEuro(p.amount)} ontvangen. Je bestelling ${number} is daarmee volledig betaald (totaal ${formatEuro(p.total)}).`,
      'Via Account - Mijn bestellingen download je je factuur en lever je de reisdocumenten van je gasten aan.',
    ]);
  }
  const received = `We hebben je betaling van ${formatEuro(p.amount)} voor bestelling ${number} ontvangen.`;
  if (p.paid < downPaymentDue(p.total)) {
    // Less than the down-payment share of the current total: no down payment yet (docs/MONEY.md).
    return receipt(`Betaling ontvangen – bestelling ${number}`, 'Betaling ontvangen', [
      `Beste ${p.firstName},`,
      received,
      `Betaald: ${formatEuro(p.paid)} van ${formatEuro(p.total)}. Dat is nog geen aanbetaling: daarvoor is minstens ${formatEuro(downPaymentDue(p.total))} nodig. Nog te betalen: ${formatEuro(open)}.`,
      'Het openstaande bedrag betaal je via Account - Mijn bestellingen.',
    ]);
  }
  return receipt(`Aanbetaling ontvangen – bestelling ${number}`, 'Aanbetaling ontvangen', [
    `Beste ${p.firstName},`,
    received,
    `Betaald: ${formatEuro(p.paid)} van ${formatEuro(p.total)}. Nog te betalen: ${formatEuro(open)}.`,
    'De restbetaling doe je via Account - Mijn bestellingen.',
  ]);
}

/** To the office: a provider payment that needs a person (docs/MONEY.md): booked, but not as usual. */
export function paymentReviewMail(p: { orderId: number; amount: number; review: 'order_changed' | 'refund_due'; adminUrl: string }) {
  const number = formatOrderNumber(p.orderId);
  const why =
    p.review === 'refund_due'
      ? `De bestelling ${number} is geannuleerd (of terugbetaald); de betaling is geboekt maar hoort terugbetaald te worden. De voorraad is niet veranderd.`
      : `De bestelling ${number} is gewijzigd nadat deze betaling was gestart. De betaling is geboekt, maar de status van de bestelling is niet aangepast.`;
  return {
    subject: `Controle nodig: betaling van ${formatEuro(p.amount)} voor ${number}`,
    ...layout('Betaling controleren', [`Er is een betaling van ${formatEuro(p.amount)} ontvangen via de betaalprovider.`, why], {
      href: p.adminUrl,
      label: 'Naar de betalingen',
    }),
  };
}
