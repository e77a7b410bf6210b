// The dialog on /confirm/{orderId} after the payment provider sends the customer back (docs/RULES.md, 'Screens'):
// its text follows the order's status, which the server first checks at the provider.
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { DialogModal } from '../../components/DialogModal';
import { OrderStatus } from '@umrah/domain/enums';
import { MSG } from '@umrah/domain/messages';
import { formatOrderNumber } from '@umrah/domain/order-number';
import { ApiError } from '../../lib/api';
import { useAuth, useAuthModals } from '../auth';
import { usePaymentCheck } from './api';

type Variant = 'completed' | 'free' | 'downPayment' | 'cancelled' | 'refunded' | 'notPaid';

export const RETURN_TEXT: Record<Variant, { title: string; body: string[] }> = {
  completed: {
    title: 'Bedankt voor je bestelling!',
    body: ['Je betaling is gelukt. We hebben je een mail met je bestelling gestuurd.'],
  },
  // docs/MONEY.md: an order of € 0 (a voucher covers it) is completed without a payment.
  free: {
    title: 'Bedankt voor je bestelling!',
    body: ['Er hoeft niets betaald te worden: je bestelling is voltooid. We hebben je een mail met je bestelling gestuurd.'],
  },
  downPayment: {
    title: 'Bedankt voor je aanbetaling!',
    body: [
      'Je aanbetaling is gelukt. We hebben je een mail met je bestelling gestuurd.',
      'De restbetaling doe je later via Account - Mijn bestellingen.',
    ],
  },
  cancelled: {
    title: 'Bestelling geannuleerd',
    body: ['Jammer dat je je bestelling hebt geannuleerd.'],
  },
  refunded: {
    title: 'Bestelling terugbetaald',
    body: ['Het bedrag van je bestelling wordt binnen 5-10 werkdagen verwerkt.'],
  },
  notPaid: {
    title: 'Betaling nog niet voltooid',
    body: ['Je betaling is nog niet voltooid. Je kunt je bestelling betalen via Account - Mijn bestellingen.'],
  },
};

/** PAY.'s status on the return URL (orderStatusId, order_status_id or statusCode); the simulator sends the same. */
export function providerCode(params: URLSearchParams): number | null {
  const raw = params.get('orderStatusId') ?? params.get('order_status_id') ?? params.get('statusCode');
  return raw !== null && /^-?\d+$/.test(raw) ? Number(raw) : null;
}

/** -90 cancelled by the payer, -61/-64 voided or cancelled: the customer stopped, nothing was paid. */
const CANCEL_CODES = [-90, -61, -64];

export function returnVariant(status: number, code: number | null, totalPrice?: number): Variant {
  switch (status) {
    case OrderStatus.COMPLETED:
      return totalPrice === 0 ? 'free' : 'completed';
    case OrderStatus.DOWN_PAYMENT:
      return 'downPayment';
    case OrderStatus.CANCELLED:
      return 'cancelled';
    case OrderStatus.REFUNDED:
    case OrderStatus.PARTIALLY_REFUNDED:
      return 'refunded';
    default:
      return code !== null && CANCEL_CODES.includes(code) ? 'cancelled' : 'notPaid';
  }
}

export function ReturnDialog({ orderId }: { orderId: number }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { token, loading } = useAuth();
  const modals = useAuthModals();
  const check = usePaymentCheck(orderId, token !== null);
  const home = () => navigate('/', { replace: true });
  const toOrders = () => navigate(`/account/bestellingen/${orderId}`);

  let content: React.ReactNode;
  let title = `Bestelling ${formatOrderNumber(orderId)}`;
  if (!token && !loading) {
    content = (
      <Stack>
        <Text>{MSG.loginRequired}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={home}>
            Naar de homepage
          </Button>
          <Button onClick={() => modals.open('login')}>Inloggen</Button>
        </Group>
      </Stack>
    );
  } else if (check.isPending) {
    content = (
      <Group gap="sm" role="status">
        <Loader size="sm" />
        <Text>Je betaling wordt gecontroleerd...</Text>
      </Group>
    );
  } else if (check.isError) {
    content = (
      <Stack>
        <Text role="alert">
          {check.error instanceof ApiError && check.error.status === 404 ? 'Bestelling niet gevonden.' : `${MSG.loadFailed}. ${MSG.contactUs}`}
        </Text>
        <Group justify="flex-end">
          <Button onClick={home}>Naar de homepage</Button>
        </Group>
      </Stack>
    );
  } else {
    const variant = returnVariant(check.data.status, providerCode(params), check.data.total_price);
    const text = RETURN_TEXT[variant];
    title = text.title;
    const unpaid = variant === 'notPaid' || (variant === 'cancelled' && check.data.status !== OrderStatus.CANCELLED);
    content = (
      <Stack data-variant={variant}>
        {text.body.map((p) => (
          <Text key={p}>{p}</Text>
        ))}
        {variant === 'cancelled' && unpaid && (
          <Text size="sm" c="dimmed">
            Wil je toch reizen? Je kunt je bestelling alsnog betalen via Account - Mijn bestellingen.
          </Text>
        )}
        <Group justify="flex-end">
          {(unpaid || variant === 'downPayment') && (
            <Button variant="default" onClick={toOrders}>
              Naar Mijn bestellingen
            </Button>
          )}
          <Button onClick={home}>Naar de homepage</Button>
        </Group>
      </Stack>
    );
  }

  return (
    <DialogModal opened onClose={home} title={title} centered size="md">
      {content}
    </DialogModal>
  );
}
