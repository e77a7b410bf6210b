import { useEffect } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Alert, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { formatOrderNumber, parseOrderNumber } from '@umrah/domain/order-number';
import { usePageTitle } from '../lib/usePageTitle';

/** The payment provider reports success as status 100 (docs/RULES.md, 'Constants'). */
export const PAYMENT_SUCCESS_STATUS = '100';
const REDIRECT_MS = 3000;

export default function ProcessPaymentPage() {
  usePageTitle('Betaling verwerken');
  const { orderID } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  // PAY.'s newer return URLs carry statusCode instead of orderStatusId.
  const status = params.get('orderStatusId') ?? params.get('order_status_id') ?? params.get('statusCode');
  const paid = status === PAYMENT_SUCCESS_STATUS;
  // The order number as every other screen writes it (FCU27), not the bare id.
  const id = parseOrderNumber(orderID ?? '');
  const orderNumber = id === null ? (orderID ?? '') : formatOrderNumber(id);

  useEffect(() => {
    const timer = setTimeout(() => navigate('/admin'), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);

  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={1} size="h2">
          Betaling voor bestelling {orderNumber}
        </Title>
        {paid ? (
          <Alert color="green" role="status">
            Betaling is geslaagd, je wordt omgeleid naar het admin portaal..
          </Alert>
        ) : (
          <Alert color="orange" role="alert">
            Betaling is nog niet gelukt, controleer de betaling en of probeer het opnieuw.
          </Alert>
        )}
        <Text size="sm" c="dimmed">
          <Loader size="xs" mr={8} />
          Je gaat over 3 seconden terug naar het admin portaal.
        </Text>
      </Stack>
    </Container>
  );
}
