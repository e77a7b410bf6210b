// 'Statistieken' of a trip: down payments and full payments counted apart, the amounts paid and
// still open (in euro, with the domain's money formatter) and whose visa documents are in.
import { Modal, Paper, SimpleGrid, Text } from '@mantine/core';
import { formatEuro } from '@umrah/domain/money';
import type { TripStats } from './api';

interface Item {
  key: keyof TripStats;
  label: string;
  money?: boolean;
}

export const STAT_ITEMS: Item[] = [
  { key: 'orders', label: 'Bestellingen' },
  { key: 'guests', label: 'Gasten' },
  { key: 'down_payments', label: 'Aanbetalingen' },
  { key: 'full_payments', label: 'Volledig betaald' },
  { key: 'paid_amount', label: 'Betaald bedrag', money: true },
  { key: 'open_amount', label: 'Openstaand bedrag', money: true },
  { key: 'documents_complete', label: 'Documenten compleet' },
  { key: 'documents_missing', label: 'Documenten ontbreken' },
  { key: 'wheelchairs', label: 'Rolstoelen' },
];

/** The statistics as a description list (term and value), two or three per row. */
export function StatsView({ stats }: { stats: TripStats }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 2, sm: 3 }} spacing="sm" m={0}>
      {STAT_ITEMS.map(({ key, label, money }) => (
        <Paper key={key} withBorder p="sm" radius="md" data-stat={key}>
          <Text component="dt" size="xs" c="dark.4" fw={600}>
            {label}
          </Text>
          <Text component="dd" m={0} fw={700} size="lg" style={{ whiteSpace: 'nowrap' }}>
            {money ? formatEuro(stats[key]) : stats[key]}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

export function StatsModal({ title, stats, onClose }: { title: string; stats: TripStats; onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title={`Statistieken – ${title}`} size="xl" closeButtonProps={{ 'aria-label': 'Sluiten' }}>
      <StatsView stats={stats} />
      <Text size="xs" c="dark.4" mt="sm">
        Alleen aanbetaalde en volledig betaalde bestellingen tellen mee; documenten per gast.
      </Text>
    </Modal>
  );
}
