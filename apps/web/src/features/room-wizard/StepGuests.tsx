// Step 2: the guests of the room (docs/RULES.md, 'Entities: Guest', 'Validation: Room wizard'): name, age category, gender
// in a mix room, European passport, own bed, wheelchair. Adults can be added only while a bed is
// free; the own-bed box is disabled at capacity; the exclusive option shows only for a male or
// female 2-person room with one guest.
import { Alert, Button, Checkbox, CloseButton, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { CatalogPackage } from '@umrah/domain/catalog';
import { AgeCategory, Gender } from '@umrah/domain/enums';
import { formatEuro } from '@umrah/domain/money';
import { AGE_OPTIONS, ageAvailable, ageOptionDisabled, ownBedDisabled, type GuestValues, type RoomState, type RoomValues } from './rules';

type Errors = Record<string, React.ReactNode>;

export interface GuestHandlers {
  onGuest: (index: number, patch: Partial<GuestValues>) => void;
  onAdd: (age: AgeCategory) => void;
  onRemove: (index: number) => void;
  onExclusive: (value: boolean) => void;
  onExtras: (labels: string[]) => void;
}

const NAME_FIELDS = [
  ['first_name', 'Voornaam'],
  ['last_name', 'Achternaam'],
] as const;

type StepGuestsProps = { pkg: CatalogPackage; room: RoomValues; state: RoomState; errors: Errors; handlers: GuestHandlers };

function GuestCard(props: StepGuestsProps & { index: number; guest: GuestValues; canRemove: boolean }) {
  const { index, guest, pkg, room, state, errors, handlers } = props;
  const path = `guests.${index}`;
  const titleId = `gast-${index}-titel`;
  const bedLocked = ownBedDisabled(guest, state);
  return (
    <Paper withBorder radius="md" p="sm" role="group" aria-labelledby={titleId} data-testid="gast">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} id={titleId}>
            Gast {index + 1}
          </Text>
          {props.canRemove && <CloseButton aria-label={`Gast ${index + 1} verwijderen`} onClick={() => handlers.onRemove(index)} />}
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing="xs">
          {NAME_FIELDS.map(([field, label]) => (
            <TextInput
              key={field}
              label={label}
              withAsterisk
              autoComplete="off"
              value={guest[field]}
              onChange={(e) => handlers.onGuest(index, { [field]: e.currentTarget.value })}
              error={errors[`${path}.${field}`]}
            />
          ))}
          <NativeSelect
            label="Leeftijdscategorie"
            withAsterisk
            value={guest.age_category === null ? '' : String(guest.age_category)}
            onChange={(e) => {
              const v = e.currentTarget.value;
              const age = v === '' ? null : (Number(v) as AgeCategory);
              handlers.onGuest(index, age === AgeCategory.ADULT ? { age_category: age, bed_included: true } : { age_category: age });
            }}
            error={errors[`${path}.age_category`]}
            data={[
              ...(guest.age_category === null ? [{ value: '', label: 'Kies een categorie' }] : []),
              ...AGE_OPTIONS.map((o) => ({
                value: String(o.value),
                label: o.label,
                disabled: o.value !== guest.age_category && ageOptionDisabled(pkg, guest, o.value, state),
              })),
            ]}
          />
          {room.room_gender === Gender.MIX && (
            <NativeSelect
              label="Geslacht"
              withAsterisk
              value={guest.gender === null ? '' : String(guest.gender)}
              onChange={(e) => handlers.onGuest(index, { gender: e.currentTarget.value === '' ? null : (Number(e.currentTarget.value) as 0 | 1) })}
              error={errors[`${path}.gender`]}
              data={[
                { value: '', label: 'Kies' },
                { value: '0', label: 'Man' },
                { value: '1', label: 'Vrouw' },
              ]}
            />
          )}
        </SimpleGrid>
        <GuestOptions guest={guest} bedLocked={bedLocked} onChange={(patch) => handlers.onGuest(index, patch)} />
      </Stack>
    </Paper>
  );
}

/** Passport, own bed (always for an adult, locked when the beds are taken) and wheelchair. */
function GuestOptions({ guest, bedLocked, onChange }: { guest: GuestValues; bedLocked: boolean; onChange: (patch: Partial<GuestValues>) => void }) {
  const adult = guest.age_category === AgeCategory.ADULT;
  return (
    <Stack gap={6}>
      <Checkbox
        label="Europees paspoort"
        description={guest.european_passport ? undefined : 'Zonder Europees paspoort komen er visumkosten bij.'}
        checked={guest.european_passport}
        onChange={(e) => onChange({ european_passport: e.currentTarget.checked })}
      />
      <Checkbox
        label="Eigen bed"
        description={adult ? 'Een volwassene heeft altijd een eigen bed.' : bedLocked ? 'Alle bedden in deze kamer zijn bezet.' : undefined}
        checked={adult || guest.bed_included}
        disabled={bedLocked}
        onChange={(e) => onChange({ bed_included: e.currentTarget.checked })}
      />
      <Checkbox label="Rolstoel" checked={guest.flex.disabled} onChange={(e) => onChange({ flex: { disabled: e.currentTarget.checked } })} />
    </Stack>
  );
}

export function StepGuests(props: StepGuestsProps) {
  const { pkg, room, state, errors, handlers } = props;
  const childAge = ageAvailable(pkg, state.capacity, AgeCategory.CHILD) ? AgeCategory.CHILD : AgeCategory.BABY;
  const roomError = errors.guests ?? errors.exclusive;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" aria-live="polite" data-testid="bedden">
        {state.beds} van {state.capacity} bedden gevuld
        {state.minBeds > 1 ? ` (minimaal ${state.minBeds})` : ''}.
      </Text>
      {room.guests.map((g, i) => (
        <GuestCard key={i} {...props} index={i} guest={g} canRemove={room.guests.length > 1} />
      ))}
      {roomError && (
        <Alert color="red" role="alert" variant="light">
          {roomError}
        </Alert>
      )}
      <Group gap="xs">
        <Button variant="light" onClick={() => handlers.onAdd(AgeCategory.ADULT)} disabled={!state.canAddAdult}>
          Volwassene toevoegen
        </Button>
        {state.capacity !== 4 && (
          <Button variant="light" onClick={() => handlers.onAdd(childAge)} disabled={!state.canAddChild}>
            Kind of baby toevoegen
          </Button>
        )}
      </Group>
      {state.full && (
        <Text size="xs" c="dimmed">
          {state.capacity === 4 ? 'Alle bedden zijn bezet.' : "Alle bedden zijn bezet: er kunnen alleen nog kinderen of baby's zonder eigen bed bij."}
        </Text>
      )}
      {state.exclusiveShown && (
        <Checkbox
          label="Exclusief gebruik van deze kamer"
          description="Je deelt de 2-persoonskamer met niemand; hiervoor geldt een toeslag."
          checked={room.exclusive}
          onChange={(e) => handlers.onExclusive(e.currentTarget.checked)}
        />
      )}
      {pkg.extras.length > 0 && (
        <Checkbox.Group label="Extra's (per persoon)" value={room.extras} onChange={handlers.onExtras}>
          <Stack gap={6} mt={6}>
            {pkg.extras.map((x) => (
              <Checkbox key={x.label} value={x.label} label={`${x.label} (${formatEuro(x.price)} p.p.)`} />
            ))}
          </Stack>
        </Checkbox.Group>
      )}
    </Stack>
  );
}
