// The visa form of one guest (docs/RULES.md, 'Validation: Visa form'): every field required with the spec's messages,
// countries from the Dutch country list, dates typed or picked as DD-MM-YYYY and sent as
// YYYY-MM-DD, the 6-month passport rule checked as soon as the expiry date is chosen, and the photo
// turned into base64 here. Saving changes the guest's name first (update_name), then sends the
// documents (order/guest/visa); only when both succeed does the wizard move on. 'Paspoort scannen'
// fills the passport fields from the MRZ read on the phone (PassportScan.tsx).
import { useState } from 'react';
import { Alert, Button, FileInput, Group, Image, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import dayjs from 'dayjs';
import 'dayjs/locale/nl';
import { formatDate } from '@umrah/domain/dates';
import { MSG } from '@umrah/domain/messages';
import { PASSPORT_VALID_MONTHS, passportNeededUntil, visaSchemaForTrip, type VisaGuestDto, type VisaInput } from '@umrah/domain/validation/visa';
import { CountrySelect } from '../../components/CountrySelect';
import { ApiError } from '../../lib/api';
import { fieldErrors, zodValidate } from '../../lib/form';
import { DutchDateInput } from '../auth';
import { useSaveGuestVisa } from './api';
import { PHOTO_ACCEPT, preparePhoto } from './photo';
import { needsConfirming, scannedNumberDiffers, usePassportScan, type ScanState } from './PassportScan';
import { Gender } from '@umrah/domain/enums';

export interface VisaFormValues {
  order_id: number;
  guest_id: number;
  first_name: string;
  last_name: string;
  /** '0' man, '1' vrouw, '' not chosen (a radio group works with strings). */
  gender: string;
  date_of_birth: string | null;
  nationality: string;
  city_of_country: string;
  city_of_birth: string;
  passport_number: string;
  passport_creation_date: string | null;
  passport_expires: string | null;
  visa_photo: string;
  /** The MRZ lines of a scan, sent along for the server to read again; [] when typed. */
  mrz: string[];
}

export const initialVisaValues = (orderId: number, guest: VisaGuestDto): VisaFormValues => ({
  order_id: orderId,
  guest_id: guest.id,
  first_name: guest.first_name,
  last_name: guest.last_name,
  gender: guest.gender === Gender.MALE || guest.gender === Gender.FEMALE ? String(guest.gender) : '',
  date_of_birth: null,
  nationality: '',
  city_of_country: '',
  city_of_birth: '',
  passport_number: '',
  passport_creation_date: null,
  passport_expires: null,
  visa_photo: '',
  mrz: [],
});

/** The body of POST /api/order/guest/visa (the schema parses it again on the server). */
export const visaBody = (v: VisaFormValues) =>
  ({
    ...v,
    gender: v.gender === '' ? null : Number(v.gender),
    mrz: v.mrz.length > 0 ? v.mrz : undefined,
  }) as unknown as VisaInput;

/** The form's validation: the shared schema with the 6-month rule for this trip; gender as a number. */
export function visaFormValidator(tripStart: string | null | undefined) {
  const validate = zodValidate(visaSchemaForTrip(tripStart));
  return (values: VisaFormValues) => validate(visaBody(values) as unknown as VisaFormValues);
}

/** 'Geldig tot minstens 10-09-2027' under the expiry field, when the trip's start is known. */
export const expiryHint = (tripStart: string | null | undefined) =>
  tripStart
    ? `Je paspoort moet vanaf de vertrekdag nog minstens ${PASSPORT_VALID_MONTHS} maanden geldig zijn: tot minstens ${formatDate(passportNeededUntil(tripStart))}.`
    : `Je paspoort moet vanaf de vertrekdag nog minstens ${PASSPORT_VALID_MONTHS} maanden geldig zijn.`;

const today = () => dayjs().format('YYYY-MM-DD');

/** Under a field the scan filled but cannot vouch for (a name, a failed check digit). */
const CONFIRM_FIELD = 'Controleer dit veld: overgenomen uit de scan.';
const NUMBER_DIFFERS = 'Dit nummer wijkt af van het gescande paspoort. Controleer het.';
const CONFIRM_STYLES = { description: { color: 'var(--mantine-color-orange-9)' } };

const dateProps = {
  locale: 'nl',
  firstDayOfWeek: 1 as const,
  clearable: true,
  popoverProps: { withinPortal: true },
};

export function VisaForm({
  orderId,
  guest,
  tripStart,
  onSaved,
  onBack,
}: {
  orderId: number;
  guest: VisaGuestDto;
  tripStart: string | null | undefined;
  onSaved: () => void;
  onBack: () => void;
}) {
  const [scan, setScan] = useState<ScanState | null>(null);
  const form = useForm<VisaFormValues>({
    mode: 'controlled',
    initialValues: initialVisaValues(orderId, guest),
    validate: visaFormValidator(tripStart),
    validateInputOnBlur: true,
    // The 6-month rule shows as soon as an expiry date is chosen, not only on saving.
    validateInputOnChange: ['passport_expires'],
  });
  const { fieldId, requiredField, dateField } = visaFields(form, guest.id, scan);
  const photo = useVisaPhoto(form);
  const { submit, error } = useVisaSubmit(form, orderId, guest.id, onSaved);

  const passportScan = usePassportScan(form, setScan);
  const numberDiffers = scannedNumberDiffers(scan, form.values.passport_number);
  return (
    <form onSubmit={submit} noValidate aria-label={`Visumgegevens van ${guest.first_name} ${guest.last_name}`.trim()}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Vul de gegevens precies zo in als ze in het paspoort staan.
        </Text>
        {passportScan.controls}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput autoComplete="off" {...requiredField('first_name', 'Voornaam')} />
          <TextInput autoComplete="off" {...requiredField('last_name', 'Achternaam')} />
        </SimpleGrid>
        <GenderField form={form} scan={scan} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <DutchDateInput defaultLevel="decade" maxDate={today()} {...dateField('date_of_birth', 'Geboortedatum')} />
          <TextInput autoComplete="off" {...requiredField('city_of_birth', 'Geboorteplaats')} />
          <CountrySelect {...requiredField('city_of_country', 'Geboorteland')} />
          <CountrySelect nationalities {...requiredField('nationality', 'Nationaliteit')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            {...requiredField('passport_number', 'Paspoortnummer')}
            {...(numberDiffers && { description: NUMBER_DIFFERS, 'data-confirm': 'true', styles: CONFIRM_STYLES })}
          />
          <DutchDateInput defaultLevel="year" maxDate={today()} {...dateField('passport_creation_date', 'Uitgiftedatum paspoort')} />
        </SimpleGrid>
        <DutchDateInput description={expiryHint(tripStart)} defaultLevel="year" {...dateField('passport_expires', 'Vervaldatum paspoort')} />
        <VisaPhotoField form={form} id={fieldId('visa_photo')} photo={photo} />
        {passportScan.input}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="space-between" mt="sm">
          <Button variant="default" onClick={onBack} disabled={form.submitting}>
            Vorige
          </Button>
          <Button type="submit" loading={form.submitting} disabled={photo.busy}>
            Opslaan en verder
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type VisaFormApi = UseFormReturnType<VisaFormValues>;

/** The chosen photo file, whether it is being prepared, and choosing one (prepared into the form's base64). */
function useVisaPhoto(form: VisaFormApi) {
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const choose = async (file: File | null) => {
    setFile(file);
    form.setFieldValue('visa_photo', '');
    if (!file) return;
    setBusy(true);
    const prepared = await preparePhoto(file);
    setBusy(false);
    if (prepared.ok) {
      form.setFieldValue('visa_photo', prepared.dataUrl);
      form.clearFieldError('visa_photo');
    } else {
      setFile(null);
      form.setFieldError('visa_photo', prepared.error);
    }
  };
  return { file, busy, choose };
}

function VisaPhotoField({ form, id, photo }: { form: VisaFormApi; id: string; photo: ReturnType<typeof useVisaPhoto> }) {
  return (
    <Stack gap={6}>
      <FileInput
        label="Pasfoto"
        id={id}
        description="Een recente, duidelijke pasfoto (jpg, png of webp) van het gezicht, recht van voren."
        placeholder="Kies een foto"
        accept={PHOTO_ACCEPT}
        clearable
        withAsterisk
        value={photo.file}
        onChange={(f) => void photo.choose(f)}
        error={form.errors.visa_photo}
        data-path="visa_photo"
        clearButtonProps={{ 'aria-label': 'Foto verwijderen' }}
        // The placeholder is real text in this button (not an input placeholder): AA contrast.
        styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
      />
      {photo.busy && (
        <Text size="sm" c="dimmed" role="status">
          Foto wordt verwerkt...
        </Text>
      )}
      {form.values.visa_photo && (
        <Image
          src={form.values.visa_photo}
          alt={`Voorbeeld van de pasfoto van ${form.values.first_name} ${form.values.last_name}`.trim()}
          h={180}
          w="auto"
          maw={180}
          fit="contain"
          radius="sm"
          bd="1px solid var(--mantine-color-gray-3)"
        />
      )}
    </Stack>
  );
}

/** Saving: the guest's name first, then the documents; the server's field errors go under the fields. */
function useVisaSubmit(form: VisaFormApi, orderId: number, guestId: number, onSaved: () => void) {
  const [error, setError] = useState<string | null>(null);
  const save = useSaveGuestVisa();
  const submit = form.onSubmit(
    async (values) => {
      setError(null);
      try {
        await save.mutateAsync({
          name: {
            order_id: orderId,
            id: guestId,
            first_name: values.first_name,
            last_name: values.last_name,
            gender: Number(values.gender) as 0 | 1,
          },
          visa: visaBody(values),
        });
        onSaved();
      } catch (err) {
        form.setErrors(fieldErrors(err));
        setError(err instanceof ApiError ? err.message : MSG.unknownError);
      }
    },
    (errors) => {
      // Take the visitor to the first field that needs attention (a long form on a phone).
      const first = Object.keys(errors)[0];
      if (first) form.getInputNode(first as keyof VisaFormValues)?.focus();
    },
  );
  return { submit, error };
}

/** The props of the form's fields: id, label, binding, and the note under a field the scan filled but cannot vouch for. */
function visaFields(form: VisaFormApi, guestId: number, scan: ScanState | null) {
  const fieldId = (name: string) => `visa-${guestId}-${name}`;
  /** A required field: its label, its id and its form binding. */
  const requiredField = (name: keyof VisaFormValues & string, label: string) => ({
    label,
    id: fieldId(name),
    withAsterisk: true,
    ...form.getInputProps(name),
    ...(needsConfirming(scan, name, form.values[name]) && { description: CONFIRM_FIELD, 'data-confirm': 'true', styles: CONFIRM_STYLES }),
  });
  /** A required date field with the Dutch date format. */
  const dateField = (name: 'date_of_birth' | 'passport_creation_date' | 'passport_expires', label: string) => ({
    ...dateProps,
    ...requiredField(name, label),
  });
  return { fieldId, requiredField, dateField };
}

function GenderField({ form, scan }: { form: VisaFormApi; scan: ScanState | null }) {
  return (
    <Radio.Group
      label="Geslacht"
      withAsterisk
      {...form.getInputProps('gender')}
      {...(needsConfirming(scan, 'gender', form.values.gender) && { description: CONFIRM_FIELD, styles: CONFIRM_STYLES })}
    >
      <Group gap="lg" mt={6}>
        <Radio value="0" label="Man" />
        <Radio value="1" label="Vrouw" />
      </Group>
    </Radio.Group>
  );
}
