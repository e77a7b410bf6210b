import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { Container, Grid, Stack, Title } from '@mantine/core';
import { ORDER_MSG } from '@umrah/domain/validation/order';
import { PAYMENT_MSG } from '@umrah/domain/validation/payment';
import { useAuth } from '../features/auth';
import { CART_KEY, cartToOrder, readCheckoutCart, writeCart } from '../features/cart';
import { CheckoutDetails, OrderSummary, goToPayment, needsPayment, startPayment, useCreateOrder } from '../features/checkout';
import { ApiError } from '../lib/api';
import { FAILED_ANSWER_STATUS, UNKNOWN_ERROR_MESSAGE } from '../lib/answer';
import { usePageTitle } from '../lib/usePageTitle';
import { showNotification } from '../lib/notify';

/** /afrekenen: create the order, start its payment, and send the browser to the provider (docs/RULES.md, 'States'). */
export default function CheckoutPage() {
  usePageTitle('Afrekenen');
  const { user } = useAuth();
  const navigate = useNavigate();
  const createOrder = useCreateOrder();
  // Read once: emptying the cart after the order is placed must not bounce the page to /.
  const [entries] = useState(readCheckoutCart);
  const [busy, setBusy] = useState<'full' | 'partly' | null>(null);
  const [error, setError] = useState<{ title: string; message?: string } | null>(null);
  // 'Log in om je betaling af te ronden.' no longer holds once someone logged in.
  useEffect(() => setError(null), [user?.user_id]);

  if (entries.length === 0) return <Navigate to="/" replace />;

  async function pay(partly: boolean) {
    setError(null);
    if (!user) return setError({ title: PAYMENT_MSG.loginToPay });
    const cart = readCheckoutCart();
    if (cart.length === 0) return setError({ title: PAYMENT_MSG.emptyCart });
    setBusy(partly ? 'partly' : 'full');
    let orderId: number;
    let created: { status: number; amount_open: number };
    try {
      const res = await createOrder.mutateAsync(cartToOrder(cart, partly));
      // An answer without an order is no order (docs/RULES.md, 'Messages': 'An unknown error occured.').
      if (!res.order?.id) throw new ApiError(FAILED_ANSWER_STATUS, UNKNOWN_ERROR_MESSAGE);
      orderId = res.order.id;
      created = res.order;
    } catch (err) {
      const known =
        err instanceof ApiError &&
        ((err.status >= 400 && err.status < 500) || err.status === FAILED_ANSWER_STATUS) &&
        err.message !== ORDER_MSG.failed;
      setError({ title: ORDER_MSG.failed, message: known ? (err as ApiError).message : undefined });
      setBusy(null);
      return;
    }
    // The order exists now: the cart has done its work, also if the payment is not finished.
    writeCart(CART_KEY, []);
    // Nothing to pay (a voucher covers it all): the server completed it, there is no payment to start.
    if (!needsPayment(created)) return navigate(`/confirm/${orderId}`);
    try {
      goToPayment(await startPayment(orderId, { paymentType: partly ? 5 : 4 }));
    } catch (err) {
      showNotification({
        color: 'orange',
        message: `Je bestelling is geplaatst, maar de betaling kon niet worden gestart${err instanceof ApiError ? `: ${err.message}` : '.'} Je kunt betalen via Account - Mijn bestellingen.`,
        autoClose: 10_000,
      });
      navigate(`/account/bestellingen/${orderId}`);
    }
  }

  return (
    <Container size="lg" py="xl">
      <Stack>
        <Title order={1}>Afrekenen</Title>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <CheckoutDetails />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <OrderSummary entries={entries} busy={busy} error={error} onPay={pay} />
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}
