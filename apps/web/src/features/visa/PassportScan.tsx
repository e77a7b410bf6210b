// 'Paspoort scannen' in a guest's visa form: a photo of the passport's data page (taken or chosen),
// its MRZ read on this device (mrzScan.ts, loaded on the first press), the form filled from it and
// the 6-month rule checked at once. The names (no check digit) and every field whose check digit
// failed stay marked until the guest changes them; the MRZ lines go along for the server.
import { useRef, useState } from 'react';
import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { MrzFormField, MrzReading } from '@umrah/domain/mrz';
import type { VisaFormValues } from './VisaForm';

export interface ScanState {
  /** Fields to confirm, with the value the scan put there: the mark goes once the guest changes it. */
  confirm: Map<string, string>;
  /** The MRZ's passport number when its check digit held, to compare a typed one with. */
  number: string | null;
}

/** Whether the form's passport number differs from a scanned one with a valid check digit. */
export const scannedNumberDiffers = (scan: ScanState | null, typed: string) =>
  Boolean(scan?.number && typed.replace(/\s+/g, '').toUpperCase() !== scan.number);

/** Whether a field still holds the scan's value that the guest must confirm. */
export const needsConfirming = (scan: ScanState | null, field: string, value: unknown) => scan?.confirm.get(field) === String(value ?? '');

const MESSAGES = {
  valid: 'Paspoort gescand. Controleer de oranje gemarkeerde velden.',
  doubt: 'Paspoort gescand, maar niet alles kon betrouwbaar worden gelezen. Controleer de oranje gemarkeerde velden.',
  none: 'Geen paspoortgegevens gevonden. Maak een scherpe foto van de hele pagina met je gegevens, of vul ze zelf in.',
  failed: 'Het scannen is niet gelukt. Vul de gegevens zelf in.',
};

type Result = { color: 'green' | 'orange' | 'red'; text: string };

/** The form values a reading gives; fields it could not read keep what the guest has. */
function valuesOf(reading: MrzReading): Partial<Record<MrzFormField, string>> {
  const v = reading.values;
  const out: Partial<Record<MrzFormField, string>> = { last_name: v.last_name, first_name: v.first_name, passport_number: v.passport_number };
  if (v.nationality) out.nationality = v.nationality;
  if (v.date_of_birth) out.date_of_birth = v.date_of_birth;
  if (v.passport_expires) out.passport_expires = v.passport_expires;
  if (v.gender !== null) out.gender = String(v.gender);
  return out;
}

/**
 * The scan's button and messages (`controls`, at the top of the form) and its hidden file input
 * (`input`, placed after the form's other fields so the photo's file input stays the form's first).
 */
export function usePassportScan(form: UseFormReturnType<VisaFormValues>, onScan: (scan: ScanState | null) => void) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const read = async (file: File | null) => {
    if (!file) return;
    setBusy(true);
    setResult(null);
    try {
      const { scanPassport } = await import('./mrzScan');
      const reading = await scanPassport(file);
      if (!reading) {
        setResult({ color: 'red', text: MESSAGES.none });
        return;
      }
      const values = valuesOf(reading);
      form.setValues({ ...values, mrz: reading.lines });
      const confirm = new Map(reading.confirm.filter((f) => values[f] !== undefined).map((f) => [f, values[f]!]));
      onScan({ confirm, number: reading.confirm.includes('passport_number') ? null : reading.values.passport_number });
      // The 6-month rule and the other date checks at once, not only on saving.
      for (const field of Object.keys(values)) form.validateField(field);
      setResult(reading.checkDigitsValid ? { color: 'green', text: MESSAGES.valid } : { color: 'orange', text: MESSAGES.doubt });
    } catch {
      setResult({ color: 'red', text: MESSAGES.failed });
    } finally {
      setBusy(false);
      if (inputRef.current) inputRef.current.value = '';
    }
  };

  const input = (
    <input
      ref={inputRef}
      type="file"
      accept="image/*"
      hidden
      aria-label="Foto van de paspoortpagina"
      onChange={(e) => void read(e.currentTarget.files?.[0] ?? null)}
    />
  );
  const controls = (
    <Stack gap={6}>
      <Group gap="sm" wrap="nowrap" align="center">
        {/* Never shrunk: on a phone the text beside it would otherwise cut the button's label to 'Paspo'. */}
        <Button variant="light" flex="none" loading={busy} loaderProps={{ type: 'dots' }} onClick={() => inputRef.current?.click()}>
          Paspoort scannen
        </Button>
        <Text size="sm" c="dimmed">
          Maak of kies een foto van de pagina met je gegevens. De foto wordt alleen op dit apparaat gelezen.
        </Text>
      </Group>
      {busy && (
        <Text size="sm" c="dimmed" role="status">
          Paspoort wordt gelezen...
        </Text>
      )}
      {result && (
        <Alert color={result.color} role={result.color === 'red' ? 'alert' : 'status'}>
          {result.text}
        </Alert>
      )}
    </Stack>
  );
  return { controls, input };
}

/** For staff, per guest: whether the passport data came from a scan the server verified, or was typed. */
export function PassportSourceBadge({ source }: { source: 'mrz' | 'typed' }) {
  return source === 'mrz' ? (
    <Badge color="green" variant="light" tt="none" title="De gegevens komen uit de MRZ van het paspoort; alle controlecijfers klopten.">
      Gescand (MRZ geldig)
    </Badge>
  ) : (
    <Badge color="gray" variant="light" tt="none" title="De gegevens zijn met de hand ingevuld.">
      Getypt
    </Badge>
  );
}
