// /admin-winkelwagen (docs/RULES.md, 'Screens: Admin cart', 'Validation: Admin order'): the admin cart as a table with edit
// modals per item type, a searchable user picker by email, and 'Bestellen', which creates the order
// for the chosen customer (POST /api/order with `user`) and clears the admin cart.
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Container, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { ORDER_MSG } from '@umrah/domain/validation/order';
import { EmptyState } from '../components/Feedback';
import { UserPicker, type PickedUser } from '../features/admin/users/UserPicker';
import { ADMIN_CART_KEY, CartCards, CartTable, PreviewState, cartToOrder, clearCart, useCartEntries, useCartPreview } from '../features/cart';
import { AdminDonationButton } from '../features/crowdfunds';
import type { CreatedOrder } from '@umrah/domain/contracts';
import { useCreateAdminOrder } from '../features/admin/orders-list/api';
import { ApiError } from '../lib/api';
import { usePageTitle } from '../lib/usePageTitle';
import { showNotification } from '../lib/notify';

/** The message after an admin order: it names the customer and the order number (docs/RULES.md, 'Messages'). */
export const adminOrderMessage = (o: Pick<CreatedOrder, 'order_number' | 'user_id'> & { user: Pick<CreatedOrder['user'], 'email'> }) =>
  `Bestelling ${o.order_number} is aangemaakt voor gebruiker ${o.user_id} (${o.user.email}).`;

type CartEntries = ReturnType<typeof useCartEntries>;

export default function AdminCartPage() {
  usePageTitle('Admin winkelwagen');
  const entries = useCartEntries(ADMIN_CART_KEY);
  // A table is too wide for a phone: there the cart shows as cards.
  const phone = useMediaQuery('(max-width: 36em)');
  const [created, setCreated] = useState<string | null>(null);

  return (
    <Container size="lg" py="xl">
      <Stack>
        <Title order={1}>Admin winkelwagen</Title>
        <AdminDonationButton />
        {created && (
          <Alert
            color="green"
            role="status"
            data-testid="admin-bestelling"
            title={ORDER_MSG.created}
            withCloseButton
            onClose={() => setCreated(null)}
            closeButtonLabel="Sluiten"
          >
            {created}
          </Alert>
        )}
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            {entries.length === 0 ? (
              <EmptyAdminCart />
            ) : phone ? (
              <CartCards cartKey={ADMIN_CART_KEY} entries={entries} />
            ) : (
              <CartTable cartKey={ADMIN_CART_KEY} entries={entries} />
            )}
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <AdminOrderPanel entries={entries} onCreated={setCreated} />
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}

function EmptyAdminCart() {
  return (
    <Paper withBorder radius="md" p="lg">
      <EmptyState>De admin winkelwagen is leeg.</EmptyState>
      <Text size="sm" ta="center">
        Voeg een kamer toe via{' '}
        <Text component={Link} to="/pakketten" c="blue.8" td="underline" size="sm">
          Pakketten
        </Text>{' '}
        en kies in de laatste stap &lsquo;Volgende (Admin)&rsquo;.
      </Text>
    </Paper>
  );
}

/** 'Bestellen voor': the customer, the total, and the order for them (announced through `onCreated`). */
function AdminOrderPanel({ entries, onCreated }: { entries: CartEntries; onCreated: (message: string | null) => void }) {
  const create = useCreateAdminOrder();
  const preview = useCartPreview(entries);
  const [picked, setPicked] = useState<PickedUser | null>(null);
  // A new picker (empty search box) after each order.
  const [pickerKey, setPickerKey] = useState(0);
  const [userError, setUserError] = useState<string | null>(null);
  const [error, setError] = useState<{ title: string; message?: string } | null>(null);

  const order = () => {
    setError(null);
    onCreated(null);
    let ok = true;
    if (!picked) {
      setUserError(ORDER_MSG.selectUser);
      ok = false;
    }
    if (entries.length === 0) {
      setError({ title: ORDER_MSG.emptyCart });
      ok = false;
    }
    if (!ok || !picked) return;
    create.mutate(
      { ...cartToOrder(entries, false), user: Number(picked.value) },
      {
        onSuccess: (res) => {
          const message = adminOrderMessage(res.order);
          clearCart(ADMIN_CART_KEY);
          onCreated(message);
          setPicked(null);
          setPickerKey((k) => k + 1);
          showNotification({ color: 'green', title: res.message, message });
        },
        onError: (err) => {
          // The server's reason for a refused order (4xx); nothing technical for a failure.
          const known = err instanceof ApiError && err.status >= 400 && err.status < 500 && err.message !== ORDER_MSG.failed;
          setError({ title: ORDER_MSG.failed, message: known ? err.message : undefined });
        },
      },
    );
  };

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="bestellen-titel">
      <Stack>
        <Title order={2} size="h3" id="bestellen-titel">
          Bestellen voor
        </Title>
        <UserPicker
          key={pickerKey}
          value={picked}
          error={userError}
          onChange={(user) => {
            setUserError(null);
            setPicked(user);
          }}
        />
        {entries.length > 0 && (
          <PreviewState isPending={preview.isPending} error={preview.error} data={preview.data} totalLabel="Totaal" testId="admin-totaal" />
        )}
        {error && (
          <Alert color="red" role="alert" title={error.title}>
            {error.message}
          </Alert>
        )}
        <Button onClick={order} loading={create.isPending} size="md">
          Bestellen
        </Button>
      </Stack>
    </Paper>
  );
}
