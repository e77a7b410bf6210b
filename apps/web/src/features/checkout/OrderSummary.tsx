// Right side of /afrekenen: the cart priced by the server (POST /api/order/preview), with its
// discounts, and the two ways to pay.
import { Alert, Button, Divider, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { Panel } from '../../components/Panel';
import { AmountRow, EuroCell, lineLabel } from '../../components/Amounts';
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
    <Panel title="Je bestelling">
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
                  <Table.Td>{lineLabel(l)}</Table.Td>
                  <EuroCell cents={l.total} />
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
                <AmountRow key={i} label={l.label} value={l.total} size="sm" valueColor="green.8" />
              ))}
            </Stack>
          )}
          <Divider />
          <AmountRow label="Totaal" value={data.total_price} strong testId="checkout-total" />
          {downPaymentAllowed ? (
            <AmountRow label="Aanbetaling (50%)" value={Math.round(data.total_price / 2)} size="sm" c="dimmed" />
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
    </Panel>
  );
}
