// 'Umrah op maat' (docs/RULES.md, 'Screens: Modals', 'Entities: Custom-trip request', 'Validation: Custom trip'): period,
// hotel wish, rooms with babies/children/adults, and the personal details.
//
// Logged in, the request goes out with the account's details. Not logged in, the form asks the
// registration fields and a password, and the API creates the account with the request (like the
// room wizard's register step); the answer's token logs the visitor in.
import { Anchor, Button, Group, NumberInput, PasswordInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useForm, type UseFormReturnType } from '@mantine/form';
import dayjs from 'dayjs';
import { customTripGuestSchema, customTripSchema } from '@umrah/domain/validation/requests';
import { SubmitForm } from '../../components/SubmitForm';
import { ListError, RemoveRowButton } from '../../components/RowListControls';
import { zodValidate } from '../../lib/form';
import { AccountFields, emptyAccount, useAuth, useAuthModals, type AccountValues } from '../auth';
import { useSendCustomTrip } from './api';
import { useRequestSubmit } from './useRequestSubmit';
import { SentMessage } from './SentMessage';

type Count = number | string;
interface RoomValues {
  babys: Count;
  kids: Count;
  adults: Count;
}
export type CustomTripValues = AccountValues & {
  start: string | null;
  end: string | null;
  hotel_name: string;
  hotel_rating: string | null;
  rooms: RoomValues[];
  password: string;
  altcha: string;
};

const newRoom = (): RoomValues => ({ babys: 0, kids: 0, adults: 2 });
const RATINGS = [1, 2, 3, 4, 5].map((n) => ({ value: String(n), label: n === 1 ? '1 ster' : `${n} sterren` }));

/** The API body: NumberInput's '' (emptied) stays as it is, so the schema says 'Aantal is verplicht!'. */
export function customTripBody(v: CustomTripValues, loggedIn: boolean) {
  const trip = {
    start: v.start ?? '',
    end: v.end ?? '',
    hotel_name: v.hotel_name,
    hotel_rating: v.hotel_rating ? Number(v.hotel_rating) : null,
    rooms: v.rooms.map((r) => ({
      babys: r.babys === '' ? undefined : r.babys,
      kids: r.kids === '' ? undefined : r.kids,
      adults: r.adults === '' ? undefined : r.adults,
    })),
    altcha: v.altcha,
  };
  if (loggedIn) return trip;
  const { start: _s, end: _e, hotel_name: _h, hotel_rating: _r, rooms: _rooms, altcha: _a, ...personal } = v;
  return { ...trip, ...personal };
}

export function CustomTripForm({ onDone }: { onDone: () => void }) {
  const { user, loginWithToken } = useAuth();
  const loggedIn = Boolean(user);
  const sendCustomTrip = useSendCustomTrip();
  const schema = loggedIn ? customTripSchema : customTripGuestSchema;
  const form = useForm<CustomTripValues>({
    mode: 'controlled',
    initialValues: { start: null, end: null, hotel_name: '', hotel_rating: null, rooms: [newRoom()], ...emptyAccount(), password: '', altcha: '' },
    validate: (values) => zodValidate(schema)(customTripBody(values, loggedIn) as never),
  });

  const { sent, submit, error, busy, captcha } = useRequestSubmit(
    form,
    onDone,
    (values) => sendCustomTrip.mutateAsync(customTripBody(values, loggedIn)),
    async (res) => res.token && loginWithToken(res.token).catch(() => undefined),
  );

  if (sent) return <SentMessage message={sent} />;

  return (
    <SubmitForm label="Aanvraag Umrah op maat" submitLabel="Aanvraag versturen" onSubmit={submit} error={error} busy={busy} narrowButton>
      <Text size="sm">
        Wil je op een andere datum op Umrah, met een eigen hotelkeuze of kamerindeling? Vul je wensen in, dan stellen we een reis op maat voor je
        samen.
      </Text>
      <DatePickerInput
        type="range"
        label="Periode"
        placeholder="Kies de heen- en terugreisdatum"
        valueFormat="DD-MM-YYYY"
        locale="nl"
        minDate={dayjs().format('YYYY-MM-DD')}
        allowSingleDateInRange
        value={[form.values.start, form.values.end]}
        onChange={([start, end]) => {
          form.setFieldValue('start', start ? dayjs(start).format('YYYY-MM-DD') : null);
          form.setFieldValue('end', end ? dayjs(end).format('YYYY-MM-DD') : null);
          form.clearFieldError('start');
          form.clearFieldError('end');
        }}
        error={form.errors.start ?? form.errors.end}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput label="Hotel (voorkeur)" placeholder="Bijvoorbeeld Swissôtel Makkah" {...form.getInputProps('hotel_name')} />
        <Select label="Aantal sterren" placeholder="Geen voorkeur" data={RATINGS} clearable {...form.getInputProps('hotel_rating')} />
      </SimpleGrid>

      <RoomsFields form={form} />

      <PersonalFields form={form} email={user?.email ?? null} />
      {captcha}
    </SubmitForm>
  );
}

type Form = UseFormReturnType<CustomTripValues>;

function RoomsFields({ form }: { form: Form }) {
  return (
    <Stack gap="xs" role="group" aria-label="Kamers">
      <Text fw={600} size="sm">
        Kamers
      </Text>
      {form.values.rooms.map((_, i) => (
        <Group key={i} align="flex-end" gap="xs" wrap="nowrap">
          <NumberInput label={`Kamer ${i + 1}: volwassenen`} min={1} max={10} allowDecimal={false} {...form.getInputProps(`rooms.${i}.adults`)} />
          <NumberInput label="Kinderen" min={0} max={10} allowDecimal={false} {...form.getInputProps(`rooms.${i}.kids`)} />
          <NumberInput label="Baby's" min={0} max={10} allowDecimal={false} {...form.getInputProps(`rooms.${i}.babys`)} />
          <RemoveRowButton mb={4} label={`Kamer ${i + 1} verwijderen`} onClick={() => form.removeListItem('rooms', i)} />
        </Group>
      ))}
      <ListError error={form.errors.rooms} />
      <Button variant="light" w="fit-content" onClick={() => form.insertListItem('rooms', newRoom())} disabled={form.values.rooms.length >= 20}>
        Kamer toevoegen
      </Button>
    </Stack>
  );
}

/** Logged in: the account's address the request goes with; else the details for the new account. */
function PersonalFields({ form, email }: { form: Form; email: string | null }) {
  const modals = useAuthModals();
  return email !== null ? (
    <Text size="sm" c="dimmed">
      We versturen de aanvraag met de gegevens van je account ({email}).
    </Text>
  ) : (
    <>
      <Text fw={600} size="sm">
        Je gegevens
      </Text>
      <Text size="sm" c="dimmed">
        Met deze aanvraag maken we ook je account aan. Heb je al een account?{' '}
        <Anchor component="button" type="button" onClick={() => modals.open('login')}>
          Log in
        </Anchor>
      </Text>
      <AccountFields getInputProps={form.getInputProps} />
      <PasswordInput label="Wachtwoord" autoComplete="new-password" {...form.getInputProps('password')} />
    </>
  );
}
