// Exports for the accountant (docs/RULES.md, 'Beyond the rules'): payments or invoices of a date range as CSV or XLSX, for
// the admin and the bookkeeper. The range is checked with the API's own schema before the download;
// the file is fetched with the bearer token and handed to the browser as a blob.
import '@mantine/dates/styles.css';
import 'dayjs/locale/nl';
import { useState } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { amsterdamDate } from '@umrah/domain/dates';
import { EXPORT_MSG, exportRangeSchema, type ExportFormat, type ExportKind } from '@umrah/domain/validation/exports';
import { downloadExport } from './api';
import { parseDutchDate } from '../../auth';
import { showNotification } from '../../../lib/notify';

const TITLES: Record<ExportKind, string> = { payments: 'Betalingen', invoices: 'Offertes en facturen' };

/** A day typed or picked as DD-MM-JJJJ, held as YYYY-MM-DD. */
const DutchDateInput = (props: { label: string; value: string | null; onChange: (value: string | null) => void; error?: string }) => (
  <DateInput placeholder="DD-MM-JJJJ" valueFormat="DD-MM-YYYY" dateParser={parseDutchDate} locale="nl" w={170} {...props} />
);

export function ExportForm({ kind }: { kind: ExportKind }) {
  // The range is in Dutch days (the export reads it so): today is today in Amsterdam.
  const today = amsterdamDate(new Date());
  const [from, setFrom] = useState<string | null>(`${today.slice(0, 4)}-01-01`);
  const [to, setTo] = useState<string | null>(today);
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});
  const [busy, setBusy] = useState<ExportFormat | null>(null);

  const start = async (format: ExportFormat) => {
    const checked = exportRangeSchema.safeParse({ from: from ?? undefined, to: to ?? undefined });
    if (!checked.success) {
      const next: { from?: string; to?: string } = {};
      for (const issue of checked.error.issues) {
        const key = issue.path[0] === 'from' ? 'from' : 'to';
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setBusy(format);
    try {
      await downloadExport(kind, format, checked.data.from, checked.data.to);
      showNotification({ color: 'green', message: `De export van ${TITLES[kind].toLowerCase()} is gedownload.` });
    } catch (err) {
      showNotification({ color: 'red', message: err instanceof Error ? err.message : EXPORT_MSG.failed });
    } finally {
      setBusy(null);
    }
  };

  const titleId = `export-${kind}-titel`;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={3} size="h4" id={titleId}>
          Exporteren: {TITLES[kind].toLowerCase()}
        </Title>
        <Text size="sm" c="dimmed">
          Voor de boekhouding: datum, nummer, klant, bedrag incl. btw, btw-tarief en -bedrag en betaalmethode. CSV met puntkomma's (voor Nederlandse
          Excel), of een Excel-bestand. Hoogstens 2 jaar per export.
        </Text>
        <Group align="flex-start">
          <DutchDateInput label="Van" value={from} onChange={setFrom} error={errors.from} />
          <DutchDateInput label="Tot en met" value={to} onChange={setTo} error={errors.to} />
        </Group>
        <Group gap="xs">
          <Button variant="light" loading={busy === 'csv'} disabled={busy !== null} onClick={() => start('csv')}>
            {TITLES[kind]} als CSV
          </Button>
          <Button variant="light" loading={busy === 'xlsx'} disabled={busy !== null} onClick={() => start('xlsx')}>
            {TITLES[kind]} als Excel (XLSX)
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
