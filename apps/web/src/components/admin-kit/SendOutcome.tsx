// What a reminder to many orders did: the order numbers it went to and, per skipped order, why.
// Shared by 'Openstaand' and the trip page's reminder to every guest without documents.
import { List, Text } from '@mantine/core';

export interface SendOutcomeProps {
  sent: { order_id: number }[];
  skipped: { order_id: number; reason: string }[];
  /** The order number staff know an id by (FCU2…). */
  numberOf: (orderId: number) => string;
}

export function SendOutcome({ sent, skipped, numberOf }: SendOutcomeProps) {
  return (
    <>
      {sent.length > 0 && (
        <Text size="sm" c="dimmed">
          Verstuurd: {sent.map((s) => numberOf(s.order_id)).join(', ')}
        </Text>
      )}
      {skipped.length > 0 && (
        <List size="sm" mt={4} aria-label="Overgeslagen bestellingen">
          {skipped.map((s) => (
            <List.Item key={s.order_id}>{s.reason}</List.Item>
          ))}
        </List>
      )}
    </>
  );
}
