// The order's log in the admin order details: what happened to the order, when and by whom
// (docs/RULES.md, 'Entities: Order logs'), newest first. The admin orders list carries each order's logs; an order
// without them (another view) fetches GET /api/order/{id}/logs.
import { useState } from 'react';
import { Badge, Button, Group, Skeleton, Stack, Text, Timeline } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { LogType } from '@umrah/domain/enums';
import { orderLogsQuery, type OrderLogEntry } from './api';

export type { OrderLogEntry } from './api';

/** docs/RULES.md, 'Entities': the reminder types; 0 is a plain note and gets no badge. */
export const LOG_TYPE_LABELS: Record<number, string> = {
  [LogType.DOCUMENT_REQUEST]: 'Documenten: verzoek',
  [LogType.DOCUMENT_FIRST]: 'Documenten: 1e herinnering',
  [LogType.DOCUMENT_SECOND]: 'Documenten: 2e herinnering',
  [LogType.DOCUMENT_CANCEL]: 'Documenten: annulering',
  [LogType.DOCUMENT_FINISH]: 'Documenten: compleet',
  [LogType.PAYMENT_REQUEST]: 'Betaling: verzoek',
  [LogType.PAYMENT_FIRST]: 'Betaling: 1e herinnering',
  [LogType.PAYMENT_SECOND]: 'Betaling: 2e herinnering',
  [LogType.PAYMENT_THIRD]: 'Betaling: 3e herinnering',
  [LogType.PAYMENT_CANCEL]: 'Betaling: annulering',
};

/** DD-MM-YYYY HH:mm in Dutch time. */
export const logTime = (iso: string) => {
  const parts = new Intl.DateTimeFormat('nl-NL', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'Europe/Amsterdam',
  }).formatToParts(new Date(iso));
  const p = (t: string) => parts.find((x) => x.type === t)?.value ?? '';
  return `${p('day')}-${p('month')}-${p('year')} ${p('hour')}:${p('minute')}`;
};

const SHOWN = 8;

export function OrderLog({ order }: { order: { id: number; order_number: string; logs?: OrderLogEntry[] } }) {
  const [all, setAll] = useState(false);
  const fetched = useQuery({ ...orderLogsQuery(order.id), enabled: order.logs === undefined });
  const logs = order.logs ?? fetched.data?.logs;
  const title = (
    <Text size="sm" fw={600}>
      Logboek
    </Text>
  );
  if (!logs) {
    return (
      <Stack gap={4}>
        {title}
        {fetched.isError ? (
          <Text size="sm" c="red">
            Fout bij het ophalen van gegevens
          </Text>
        ) : (
          <Skeleton height={40} />
        )}
      </Stack>
    );
  }
  const newestFirst = [...logs].sort((a, b) => b.id - a.id);
  const shown = all ? newestFirst : newestFirst.slice(0, SHOWN);
  return (
    <Stack gap={4} aria-label={`Logboek van bestelling ${order.order_number}`} role="region">
      {title}
      {logs.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nog geen gebeurtenissen.
        </Text>
      ) : (
        <Timeline bulletSize={12} lineWidth={2} active={-1}>
          {shown.map((l) => (
            <Timeline.Item
              key={l.id}
              data-order-log={l.id}
              title={
                <Group gap={6} wrap="wrap">
                  <Text size="xs" c="dimmed">
                    {logTime(l.created_at)} · {l.user_executed_mail ?? 'systeem'}
                  </Text>
                  {LOG_TYPE_LABELS[l.type] && (
                    <Badge size="xs" variant="light" tt="none">
                      {LOG_TYPE_LABELS[l.type]}
                    </Badge>
                  )}
                </Group>
              }
            >
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {l.message}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
      {newestFirst.length > SHOWN && (
        <Button size="compact-xs" variant="subtle" onClick={() => setAll((v) => !v)} style={{ alignSelf: 'flex-start' }}>
          {all ? 'Minder tonen' : `Alle ${newestFirst.length} tonen`}
        </Button>
      )}
    </Stack>
  );
}
