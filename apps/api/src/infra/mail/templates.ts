import { formatEuro } from '@umrah/domain';
// Dutch mail texts. Every mail is plain text with a simple HTML twin.

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function layout(title: string, paragraphs: string[], link?: { href: string; label: string }) {
  const text = [...paragraphs, ...(link ? [`${link.label}: ${link.href}`] : []), '', 'Met vriendelijke groet,', 'Umrah Reizen'].join('\n\n');
  const html = `<!doctype html><html lang="nl"><body style="font-family:Arial,sans-serif;color:#1f2937">
<h2 style="color:#0b6e4f">${escapeHtml(title)}</h2>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${link ? `<p><a href="${escapeHtml(link.href)}" style="background:#0b6e4f;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p><p style="font-size:12px">${escapeHtml(link.href)}</p>` : ''}
<p>Met vriendelijke groet,<br>Umrah Reizen</p></body></html>`;
  return { text, html };
}

export function resetPasswordMail(firstName: string, link: string, validMinutes: number) {
  return {
    subject: 'Wachtwoord opnieuw instellen',
    ...layout(
      'Wachtwoord opnieuw instellen',
      [
        `Beste ${firstName},`,
        `We hebben een verzoek ontvangen om het wachtwoord van je account opnieuw in te stellen. De link is ${validMinutes} minuten geldig en werkt één keer.`,
        'Heb je dit niet aangevraagd? Dan kun je deze mail negeren; je wachtwoord blijft dan ongewijzigd.',
      ],
      { href: link, label: 'Nieuw wachtwoord instellen' },
    ),
  };
}

export function welcomeMail(firstName: string, accountUrl: string) {
  return {
    subject: 'Welkom bij Umrah Reizen',
    ...layout(
      'Account aangemaakt',
      [
        `Beste ${firstName},`,
        'Je account is aangemaakt. Via je account bekijk je je bestellingen, betaal je openstaande bedragen en lever je de reisdocumenten van je gasten aan.',
      ],
      { href: accountUrl, label: 'Naar mijn account' },
    ),
  };
}

/** The order confirmation: order number FCU2{id}, the priced lines and what is to be paid. */
export function orderConfirmationMail(opts: {
  firstName: string;
  orderNumber: string;
  lines: { label: string; quantity: number; total: number }[];
  total: number;
  payPartly: boolean;
  downPayment: number;
  accountUrl: string;
}) {
  const items = opts.lines.map((l) => `${l.quantity} × ${l.label}: ${formatEuro(l.total)}`);
  return {
    subject: `Bevestiging van je bestelling ${opts.orderNumber}`,
    ...layout(
      `Bestelling ${opts.orderNumber}`,
      [
        `Beste ${opts.firstName},`,
        `Bedankt voor je bestelling. We hebben je bestelling ontvangen onder nummer ${opts.orderNumber}.`,
        ...items,
        `Totaal: ${formatEuro(opts.total)} (inclusief 21% btw).`,
        // An order of 0 (a voucher covers it) is complete at once: nothing to pay (docs/MONEY.md).
        opts.total <= 0
          ? 'Er hoeft niets betaald te worden: je bestelling is voltooid.'
          : opts.payPartly
            ? `Je hebt gekozen voor een aanbetaling van 50%: ${formatEuro(opts.downPayment)}. Het restant betaal je later via Account - Mijn bestellingen.`
            : 'Je kunt je bestelling betalen via Account - Mijn bestellingen.',
      ],
      { href: opts.accountUrl, label: 'Bekijk mijn bestelling' },
    ),
  };
}
