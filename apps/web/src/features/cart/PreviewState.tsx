// A cart's price as the server computes it: its lines, discounts and total, a skeleton while it is
// computed, and the server's reason when the cart cannot be ordered like this.
import { Alert, Divider, Skeleton, Stack, Table } from '@mantine/core';
import { AmountRow, EuroCell, lineLabel } from '../../components/Amounts';
import { ApiError } from '../../lib/api';
import { splitPreviewLines, type OrderPreview } from './api';

/** The priced lines of a preview, its discounts and total. */
export function PreviewTable({ data, totalLabel, testId }: { data: OrderPreview; totalLabel: string; testId: string }) {
  const { items, discounts } = splitPreviewLines(data);
  return (
    <Stack gap="xs">
      <Table aria-label="Prijsopbouw" verticalSpacing={4} fz="sm">
        <Table.Tbody>
          {[...items, ...discounts].map((l, i) => (
            <Table.Tr key={i}>
              <Table.Td>{lineLabel(l)}</Table.Td>
              <EuroCell cents={l.total} c={l.total < 0 ? 'green.8' : undefined} />
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Divider />
      <AmountRow label={totalLabel} value={data.total_price} strong testId={testId} />
    </Stack>
  );
}

export function PreviewState({
  isPending,
  error,
  data,
  totalLabel,
  testId,
}: {
  isPending: boolean;
  error: unknown;
  data: OrderPreview | undefined;
  totalLabel: string;
  testId: string;
}) {
  if (error) {
    return (
      <Alert color="red" role="alert" title="Dit kan zo niet worden besteld">
        {error instanceof ApiError ? error.message : 'Onbekende fout'}
      </Alert>
    );
  }
  if (isPending || !data) {
    return (
      <Stack gap="xs" aria-label="Prijs berekenen" role="status">
        <Skeleton height={20} />
        <Skeleton height={20} />
        <Skeleton height={20} width="60%" />
      </Stack>
    );
  }
  return <PreviewTable data={data} totalLabel={totalLabel} testId={testId} />;
}
