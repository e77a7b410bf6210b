// Download buttons for an order's PDF documents (docs/RULES.md, 'Screens: My orders'): the invoice once the paid
// share is 100 % or more, the down-payment proof while it is above 0 and below 100 %; staff also
// get the credit documents of a cancelled order.
import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { ORDER_DOCUMENTS, availableOrderDocuments, type OrderDocumentKind } from '@umrah/domain/documents';
import { ORDER_DOCUMENT_PATHS, downloadWithNotice } from '../invoices';

export interface OrderDocumentsProps {
  order: { id: number; status: number; total_price: number; total_payments: number };
  /** Also the credit invoice / down-payment credit note of a cancelled order (admin screens). */
  withCredit?: boolean;
}

const CREDIT: OrderDocumentKind[] = ['invoice_credit', 'down_payment_credit'];

export function OrderDocuments({ order, withCredit = false }: OrderDocumentsProps) {
  const [busy, setBusy] = useState<OrderDocumentKind | null>(null);
  const kinds = availableOrderDocuments({ status: order.status, total: order.total_price, paid: order.total_payments }).filter(
    (k) => withCredit || !CREDIT.includes(k),
  );
  if (kinds.length === 0) return null;

  const download = async (kind: OrderDocumentKind) => {
    setBusy(kind);
    await downloadWithNotice(ORDER_DOCUMENT_PATHS[kind], order.id);
    setBusy(null);
  };

  return (
    <Group gap="xs" role="group" aria-label="Documenten">
      {kinds.map((kind) => (
        <Button key={kind} variant="default" size="xs" loading={busy === kind} onClick={() => download(kind)}>
          {ORDER_DOCUMENTS[kind].title} (PDF)
        </Button>
      ))}
    </Group>
  );
}
