// The mail outbox on the dashboard: every mail the shop sends, newest first. A mail the mail server
// refused shows its last error, and a failed one (or one waiting for its next attempt) can be sent
// again at once ('Opnieuw versturen'). Above the list: how many mails wait and how many failed.
import { Accordion, Alert, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DataTable } from '../../../components/admin-kit/DataTable';
import { usePagedSearch } from '../../../components/admin-kit/usePagedSearch';
import { mailsQuery, MAILS_PAGE_SIZE, useRetryMail } from './api';

const STATUS: Record<string, { label: string; color: string }> = {
  pending: { label: 'In de wachtrij', color: 'yellow' },
  sending: { label: 'Wordt verzonden', color: 'yellow' },
  sent: { label: 'Verzonden', color: 'green' },
  kept: { label: 'Bewaard (geen mailserver)', color: 'blue' },
  failed: { label: 'Mislukt', color: 'red' },
};

const formatDateTime = (iso: string) =>
  new Intl.DateTimeFormat('nl-NL', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Amsterdam' }).format(new Date(iso));

const mailsWord = (n: number) => (n === 1 ? '1 mail' : `${n} mails`);

/**
 * At the top of the dashboard: how many mails wait for the mail server and how many failed (nothing
 * when all went out). The same request as the mail list's first page, so it costs no extra call.
 */
export function MailsStatus() {
  const { data } = useQuery(mailsQuery(1));
  const waiting = data?.waiting ?? 0;
  const failed = data?.failed ?? 0;
  if (waiting === 0 && failed === 0) return null;
  return (
    <Alert color={failed > 0 ? 'red' : 'yellow'} title="Mails die nog niet verstuurd zijn" role="status" mb="md">
      {waiting > 0 && <Text size="sm">{mailsWord(waiting)} in de wachtrij: de mailserver wordt opnieuw geprobeerd.</Text>}
      {failed > 0 && (
        <Text size="sm">{mailsWord(failed)} mislukt: open de mail onder &lsquo;Verstuurde mails&rsquo; en kies &lsquo;Opnieuw versturen&rsquo;.</Text>
      )}
    </Alert>
  );
}

export default function MailsSection() {
  // No search box: the outbox is only paged.
  const mails = usePagedSearch({ query: (_q, page) => mailsQuery(page), rows: (d) => d.mails, total: (d) => d.total, pageSize: MAILS_PAGE_SIZE });
  const retry = useRetryMail();

  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        Verstuurde mails
      </Title>
      <Text size="sm" c="dimmed">
        Alle mails die de webshop verstuurt, de nieuwste eerst. Zonder ingestelde mailserver blijven ze hier leesbaar.
      </Text>
      <DataTable
        {...mails.table}
        skeletonRows={5}
        skeletonHeight={44}
        empty="Er zijn nog geen mails verstuurd."
        renderRows={(rows) => (
          <Accordion variant="separated" aria-label="Mails">
            {rows.map((m) => {
              const retryable = m.status === 'failed' || (m.status === 'pending' && m.last_error !== null);
              return (
                <Accordion.Item key={m.id} value={String(m.id)}>
                  <Accordion.Control>
                    <Group justify="space-between" wrap="nowrap" gap="sm">
                      <div style={{ minWidth: 0 }}>
                        <Text fw={600} truncate>
                          {m.subject}
                        </Text>
                        <Text size="sm" c="dimmed" truncate>
                          Aan {m.to} · {formatDateTime(m.created_at)}
                          {m.attempts > 1 ? ` · ${m.attempts} pogingen` : ''}
                        </Text>
                      </div>
                      <Badge variant="light" color={STATUS[m.status]?.color ?? 'gray'} style={{ flexShrink: 0 }}>
                        {STATUS[m.status]?.label ?? m.status}
                      </Badge>
                    </Group>
                  </Accordion.Control>
                  <Accordion.Panel>
                    {m.last_error && retryable && (
                      <Alert color={m.status === 'failed' ? 'red' : 'yellow'} mb="sm" title="Laatste fout van de mailserver">
                        <Text size="sm" style={{ wordBreak: 'break-word' }}>
                          {m.last_error}
                        </Text>
                        {m.status === 'pending' && <Text size="sm">Volgende poging: {formatDateTime(m.next_attempt_at)}</Text>}
                      </Alert>
                    )}
                    {retryable && (
                      <Button
                        size="xs"
                        mb="sm"
                        aria-label={`Opnieuw versturen: ${m.subject}`}
                        loading={retry.isPending && retry.variables === m.id}
                        onClick={() => retry.mutate(m.id)}
                      >
                        Opnieuw versturen
                      </Button>
                    )}
                    <Text component="pre" size="sm" style={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', margin: 0 }}>
                      {m.text}
                    </Text>
                  </Accordion.Panel>
                </Accordion.Item>
              );
            })}
          </Accordion>
        )}
      />
    </Stack>
  );
}
