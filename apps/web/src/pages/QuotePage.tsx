import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Alert, Button, Container, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatEuro } from '@umrah/domain/money';
import { INVOICE_MSG } from '@umrah/domain/validation/invoice';
import { PAYMENT_MSG } from '@umrah/domain/validation/payment';
import { LoadError, PageLoader } from '../components/Feedback';
import { FormError } from '../components/admin-kit/FormFooter';
import { ApiError } from '../lib/api';
import { usePageTitle } from '../lib/usePageTitle';
import { QuotePanel, invoiceByTokenQuery, usePayInvoice } from '../features/invoices';

/** The provider's return: PAY.'s orderStatusId / statusCode, 100 when paid. */
function returnState(params: URLSearchParams): 'paid' | 'not-paid' | null {
  const code = params.get('orderStatusId') ?? params.get('order_status_id') ?? params.get('statusCode');
  if (code === null) return null;
  return code === '100' ? 'paid' : 'not-paid';
}

/** /offerte/{token}: the quote or invoice by its token, without login, with online payment while open. */
export default function QuotePage() {
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const invoice = useQuery(invoiceByTokenQuery(token));
  const payment = usePayInvoice(token);
  // Busy from the click until the browser has left for the provider.
  const [paying, setPaying] = useState(false);
  usePageTitle(invoice.data ? invoice.data.heading : 'Offerte');
  const returned = returnState(params);

  const pay = () => {
    setPaying(true);
    payment.mutate(undefined, {
      onError: () => {
        setPaying(false);
        void invoice.refetch();
      },
    });
  };
  const payError = payment.error ? (payment.error instanceof ApiError ? payment.error.message : PAYMENT_MSG.unknownError) : null;

  let body;
  if (invoice.isPending) body = <PageLoader />;
  else if (invoice.isError) {
    const err = invoice.error;
    body =
      err instanceof ApiError && (err.status === 404 || err.status === 400) ? (
        <Alert color="red" title="Offerte niet gevonden" role="alert">
          {INVOICE_MSG.invalidToken}
        </Alert>
      ) : (
        <LoadError />
      );
  } else {
    const inv = invoice.data;
    body = (
      <Stack>
        {returned === 'paid' && inv.total_payments > 0 && (
          <Alert color="green" role="status" title="Bedankt voor je betaling">
            Je betaling is ontvangen{inv.amount_open > 0 ? `; nog open: ${formatEuro(inv.amount_open)}.` : '.'}
          </Alert>
        )}
        {returned === 'not-paid' && inv.amount_open > 0 && (
          <Alert color="yellow" role="status">
            {PAYMENT_MSG.notYet}
          </Alert>
        )}
        <QuotePanel
          invoice={inv}
          actions={
            inv.payable ? (
              <Stack gap="xs">
                <Group justify="flex-end">
                  <Button size="md" onClick={pay} loading={paying}>
                    Betalen ({formatEuro(inv.amount_open)})
                  </Button>
                </Group>
                <FormError error={payError} />
              </Stack>
            ) : inv.expired && inv.amount_open > 0 ? (
              <Text c="dimmed">{INVOICE_MSG.expired}</Text>
            ) : null
          }
        />
      </Stack>
    );
  }

  return (
    <Container size="md" py="xl">
      {body}
    </Container>
  );
}
