// Right side of /afrekenen: the cart priced by the server (POST /api/order/preview), with its
// discounts, and the two ways to pay.
import { Alert, Button, Divider, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatEuro } from '@umrah/domain/money';
import { ApiError, apiPost } from '../../lib/api';
import { cartToOrder } from './cart';

interface PreviewLine {
  kind: string;
  label: string;
  quantity: number;
  unit_price: number;
  total: number;
}
export interface OrderPreview {
  lines: PreviewLine[];
  subtotal: number;
  discount_total: number;
  donation_total: number;
  total_price: number;
  discounts: string[];
  /** False once the trips' payment deadline has passed: then only the full amount can be paid. */
  down_payment_allowed?: boolean;
  down_payment_message?: string | null;
}

const DISCOUNT_KINDS = ['voucher', 'kid_without_bed'];

export function OrderSummary(props: {
  entries: readonly unknown[];
  busy: 'full' | 'partly' | null;
  error: { title: string; message?: string } | null;
  onPay: (partly: boolean) => void;
}) {
  const payload = cartToOrder(props.entries, false);
  const preview = useQuery({
    queryKey: ['order-preview', payload],
    queryFn: ({ signal }) => apiPost<OrderPreview>('/api/order/preview', payload, { signal }),
    enabled: props.entries.length > 0,
    retry: false,
  });
  const data = preview.data;
  const items = data?.lines.filter((l) => !DISCOUNT_KINDS.includes(l.kind)) ?? [];
  const discounts = data?.lines.filter((l) => DISCOUNT_KINDS.includes(l.kind)) ?? [];
  const downPaymentAllowed = data?.down_payment_allowed !== false;

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack>
        <Title order={2} size="h3">
          Je bestelling
        </Title>
        {preview.isPending && props.entries.length > 0 ? (
          <Stack gap="xs">
            <Skeleton height={24} />
            <Skeleton height={24} />
            <Skeleton height={24} />
          </Stack>
        ) : preview.isError ? (
          <Alert color="red" role="alert" title="Deze bestelling kan zo niet worden geplaatst">
            {preview.error instanceof ApiError ? preview.error.message : 'Onbekende fout'}
          </Alert>
        ) : data ? (
          <>
            <Table aria-label="Bestelregels" verticalSpacing={6}>
              <Table.Tbody>
                {items.map((l, i) => (
                  <Table.Tr key={i}>
                    <Table.Td>
                      {l.quantity > 1 ? `${l.quantity} × ` : ''}
                      {l.label}
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatEuro(l.total)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {discounts.length > 0 && (
              <Stack gap={4} aria-label="Kortingen">
                <Text fw={600} size="sm">
                  Kortingen
                </Text>
                {discounts.map((l, i) => (
                  <Group key={i} justify="space-between" wrap="nowrap">
                    <Text size="sm">{l.label}</Text>
                    <Text size="sm" c="green.8" style={{ whiteSpace: 'nowrap' }}>
                      {formatEuro(l.total)}
                    </Text>
                  </Group>
                ))}
              </Stack>
            )}
            <Divider />
            <Group justify="space-between">
              <Text fw={700}>Totaal</Text>
              <Text fw={700} data-testid="checkout-total">
                {formatEuro(data.total_price)}
              </Text>
            </Group>
            {downPaymentAllowed ? (
              <Group justify="space-between">
                <Text size="sm" c="dimmed">
                  Aanbetaling (50%)
                </Text>
                <Text size="sm" c="dimmed">
                  {formatEuro(Math.round(data.total_price / 2))}
                </Text>
              </Group>
            ) : (
              <Text size="sm" data-testid="down-payment-closed">
                {data.down_payment_message}
              </Text>
            )}
          </>
        ) : null}
        {props.error && (
          <Alert color="red" role="alert" title={props.error.title}>
            {props.error.message}
          </Alert>
        )}
        <Group grow>
          <Button size="md" onClick={() => props.onPay(false)} loading={props.busy === 'full'} disabled={props.busy !== null}>
            Volledig betalen
          </Button>
          {downPaymentAllowed && (
            <Button size="md" variant="light" onClick={() => props.onPay(true)} loading={props.busy === 'partly'} disabled={props.busy !== null}>
              Aanbetaling (50%)
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
