import { formatEuro, formatOrderNumber } from '@umrah/domain';
import { layout } from '../../infra/mail/templates.ts';

/** The customer's receipt for a payment: a down payment (something still open) or the full amount. */
export function paymentReceivedMail(p: { firstName: string; orderId: number; amount: number; paid: number; total: number; ordersUrl: string }) {
  const number = formatOrderNumber(p.orderId);
  const open = Math.max(0, p.total - p.paid);
  if (open === 0) {
    return {
      subject: `Betaling ontvangen – bestelling ${number} is volledig betaald`,
      ...layout(
        'Bedankt voor je betaling',
        [
          `Beste ${p.firstName},`,
          `We hebben je betaling van ${formatEuro(p.amount)} ontvangen. Je bestelling ${number} is daarmee volledig betaald (totaal ${formatEuro(p.total)}).`,
          'Via Account - Mijn bestellingen download je je factuur en lever je de reisdocumenten van je gasten aan.',
        ],
        { href: p.ordersUrl, label: 'Naar mijn bestellingen' },
      ),
    };
  }
  return {
    subject: `Aanbetaling ontvangen – bestelling ${number}`,
    ...layout(
      'Aanbetaling ontvangen',
      [
        `Beste ${p.firstName},`,
        `We hebben je betaling van ${formatEuro(p.amount)} voor bestelling ${number} ontvangen.`,
        `Betaald: ${formatEuro(p.paid)} van ${formatEuro(p.total)}. Nog te betalen: ${formatEuro(open)}.`,
        'De restbetaling doe je via Account - Mijn bestellingen.',
      ],
      { href: p.ordersUrl, label: 'Naar mijn bestellingen' },
    ),
  };
}
