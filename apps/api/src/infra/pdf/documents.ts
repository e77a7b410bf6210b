import { documentTotals, formatDate, formatEuro, formatOrderNumber, negateLines, proportionalTotals, type DocumentLine } from '@umrah/domain';
import {
  documentLines,
  downPaymentSummary,
  lastPaymentDate,
  orderPdf,
  originalLinesSection,
  paidSummary,
  paymentSection,
  sumPaid,
  type OrderPdfData,
} from './document-parts.ts';

// The shop's documents in Dutch: invoice, down-payment proof, credit invoice and down-payment
// credit note of an order, and the document of a quote or invoice from the quote tab. Each takes
// plain data (no database rows) and returns the PDF as a Buffer.

export type { OrderPdfData, PdfCustomer } from './document-parts.ts';
export { invoiceDocumentPdf, invoiceDownPaymentPdf } from './invoice-documents.ts';

/** Factuur: the order once it is paid in full. */
export function orderInvoicePdf(data: OrderPdfData): Promise<Buffer> {
  const lines = documentLines(data);
  const totals = documentTotals(lines);
  const paid = sumPaid(data.payments);
  const nr = formatOrderNumber(data.orderId);
  return orderPdf(
    data,
    {
      title: 'Factuur',
      meta: [
        ['Factuurnummer', data.issue?.number ?? nr],
        ['Bestelnummer', nr],
        ['Factuurdatum', formatDate(data.issue?.issuedAt ?? lastPaymentDate(data.payments, data.createdAt))],
        ['Besteldatum', formatDate(data.createdAt)],
      ],
    },
    [
      { kind: 'lines', heading: 'Specificatie', lines, totals },
      paymentSection(data.payments),
      paidSummary(paid, Math.max(0, totals.incl - paid)),
      { kind: 'text', text: `Deze factuur is volledig betaald. Bedankt voor je boeking bij ${data.company.name}.` },
    ],
  );
}

/** Aanbetalingsbewijs: proof of what is paid of an order that is not yet paid in full. */
export function orderDownPaymentPdf(data: OrderPdfData): Promise<Buffer> {
  const lines = documentLines(data);
  const totals = documentTotals(lines);
  const paid = sumPaid(data.payments);
  const open = Math.max(0, totals.incl - paid);
  return orderPdf(
    data,
    {
      title: 'Aanbetalingsbewijs',
      meta: [
        ['Bestelnummer', formatOrderNumber(data.orderId)],
        ['Datum', formatDate(lastPaymentDate(data.payments, data.createdAt))],
        ['Besteldatum', formatDate(data.createdAt)],
      ],
    },
    [
      { kind: 'lines', heading: 'Specificatie', lines, totals, totalLabel: 'Totaal reissom incl. btw' },
      paymentSection(data.payments, 'Ontvangen betalingen'),
      downPaymentSummary(paid, totals),
      {
        kind: 'text',
        text: `Dit is een bewijs van je aanbetaling en geen factuur: de factuur ontvang je zodra de reissom volledig is betaald. Het restant van ${formatEuro(open)} betaal je via Account - Mijn bestellingen.`,
      },
    ],
  );
}

/** Creditfactuur: a cancelled order whose payments covered the total; every line credited. */
export function orderCreditInvoicePdf(data: OrderPdfData): Promise<Buffer> {
  const credit = negateLines(documentLines(data));
  const paid = sumPaid(data.payments);
  const date = data.issue?.issuedAt ?? data.cancelledAt ?? new Date();
  const nr = formatOrderNumber(data.orderId);
  const credited = data.issue?.credits ?? nr;
  const closing: Record<NonNullable<NonNullable<OrderPdfData['issue']>['reason']>, string> = {
    cancelled: `Je bestelling ${nr} is geannuleerd op ${formatDate(date)}. Deze creditfactuur vervalt factuur ${credited}. Over de terugbetaling van het betaalde bedrag van ${formatEuro(paid)} nemen we contact met je op.`,
    refunded: `Het betaalde bedrag van je bestelling ${nr} is terugbetaald. Deze creditfactuur vervalt factuur ${credited}.`,
    changed: `Je bestelling ${nr} is gewijzigd op ${formatDate(date)}. Deze creditfactuur vervalt factuur ${credited}; voor de gewijzigde bestelling ontvang je een nieuwe factuur zodra die volledig is betaald.`,
  };
  return orderPdf(
    data,
    {
      title: 'Creditfactuur',
      subtitle: `Creditering van factuur ${credited}`,
      meta: [
        ['Creditfactuurnummer', data.issue?.number ?? `${nr}-C`],
        ['Betreft factuur', credited],
        ['Bestelnummer', nr],
        ['Datum', formatDate(date)],
      ],
    },
    [
      { kind: 'lines', heading: 'Gecrediteerd', lines: credit, totals: documentTotals(credit), totalLabel: 'Totaal creditfactuur incl. btw' },
      paymentSection(data.payments, 'Ontvangen betalingen'),
      { kind: 'summary', rows: [{ label: 'Totaal betaald', value: formatEuro(paid), bold: true }] },
      { kind: 'text', text: closing[data.issue?.reason ?? 'cancelled'] },
    ],
  );
}

/** Creditnota aanbetaling: a cancelled order that was paid in part; the down payment is credited. */
export function orderDownPaymentCreditPdf(data: OrderPdfData): Promise<Buffer> {
  const lines = documentLines(data);
  const orderTotals = documentTotals(lines);
  const paid = sumPaid(data.payments);
  const part = proportionalTotals(-paid, orderTotals);
  const nr = formatOrderNumber(data.orderId);
  const creditLines: DocumentLine[] = part.breakdown.map((r) => ({
    label: `Creditering aanbetaling bestelling ${nr}${part.breakdown.length > 1 ? ` (btw ${r.rate}%)` : ''}`,
    quantity: 1,
    unitPrice: r.incl,
    vatRate: r.rate,
  }));
  const date = data.cancelledAt ?? new Date();
  return orderPdf(
    data,
    {
      title: 'Creditnota aanbetaling',
      subtitle: `Creditering van de aanbetaling op bestelling ${nr}`,
      meta: [
        ['Creditnotanummer', `${nr}-CA`],
        ['Bestelnummer', nr],
        ['Datum', formatDate(date)],
      ],
    },
    [
      ...originalLinesSection(lines, orderTotals.incl),
      paymentSection(data.payments, 'Ontvangen aanbetaling'),
      { kind: 'lines', heading: 'Gecrediteerd', lines: creditLines, totals: documentTotals(creditLines), totalLabel: 'Totaal creditnota incl. btw' },
      {
        kind: 'text',
        text: `Je bestelling ${nr} is geannuleerd op ${formatDate(date)}. Met deze creditnota wordt de ontvangen aanbetaling van ${formatEuro(paid)} gecrediteerd. Over de terugbetaling nemen we contact met je op.`,
      },
    ],
  );
}
