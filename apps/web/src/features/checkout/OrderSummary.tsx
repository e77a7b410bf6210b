// Right side of /afrekenen: the cart priced by the server (POST /api/order/preview), with its
// discounts, and the two ways to pay.
import { Alert, Button, Divider, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { formatEuro } from '@umrah/domain/money';
import { ApiError } from '../../lib/api';
import { splitPreviewLines, useCartPreview } from '../cart';

export function OrderSummary(props: {
  entries: readonly unknown[];
  busy: 'full' | 'partly' | null;
  error: { title: string; message?: string } | null;
  onPay: (partly: boolean) => void;
}) {
  const preview = useCartPreview(props.entries);
  const data = preview.data;
  const { items, discounts } = splitPreviewLines(data);
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
