// The room wizard (docs/RULES.md, 'Screens: Room wizard steps'): 1 room size and kind, 2 guests, 3 confirmation with
// the server's price and 'Afrekenen' / another room / on to registration, 4 registration (logged-out
// visitors register and are logged in). Admins also see 'Volgende (Admin)', which puts the room in
// the admin cart (not on /winkelwagen). Also used to change a room already in a cart.
import '@mantine/dates/styles.css';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Alert, Button, Group, SimpleGrid, Stack, Stepper, Text } from '@mantine/core';
import type { CatalogPackage, RoomSize } from '@umrah/domain/catalog';
import type { AgeCategory, Region } from '@umrah/domain/enums';
import { roomFormSchema } from '@umrah/domain/validation/order';
import { RegisterForm, useAuth } from '../auth';
import {
  ADDED_MESSAGE,
  ADMIN_CART_KEY,
  CART_KEY,
  PreviewState,
  UPDATED_MESSAGE,
  addCartItem,
  updateCartItem,
  useCartPreview,
  type CartKey,
  type UmrahEntry,
} from '../cart';
import { StepGuests, type GuestHandlers } from './StepGuests';
import { RoomSummary } from './StepConfirm';
import { StepRoom } from './StepRoom';
import { emptyRoom, entryToRoom, initialGuests, newGuest, normalizeRoom, roomState, roomToEntry, type GuestValues, type RoomValues } from './rules';
import { showNotification } from '../../lib/notify';

export { ADDED_MESSAGE, UPDATED_MESSAGE };

type Errors = Record<string, string>;

/** The shared room schema's messages by field path ('guests.0.first_name'), the first per path. */
export function roomErrors(values: RoomValues): Errors {
  const result = roomFormSchema.safeParse(values);
  if (result.success) return {};
  const errors: Errors = {};
  for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

const STEP_ONE_FIELDS = ['room_type', 'room_gender'];
const pick = (errors: Errors, keys: string[]) => Object.fromEntries(Object.entries(errors).filter(([k]) => keys.includes(k)));

const STEPS = { ROOM: 0, GUESTS: 1, CONFIRM: 2, REGISTER: 3, DONE: 4 } as const;

export interface RoomWizardProps {
  pkg: CatalogPackage;
  region: Region;
  /** Change the room at this index of this cart instead of adding one. */
  edit?: { cartKey: CartKey; index: number; entry: UmrahEntry };
  /** How many more guests the order modal's guest count allows. */
  guestLimit?: number;
  /** A room with this many guests was put in a cart. */
  onRoomAdded?: (guests: number) => void;
  onClose: () => void;
}

export function RoomWizard({ pkg, region, edit, guestLimit = Number.POSITIVE_INFINITY, onRoomAdded, onClose }: RoomWizardProps) {
  const { user, isAdmin } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const wizard = useRoomSteps(pkg, edit ? Number.POSITIVE_INFINITY : guestLimit, edit);
  const { step, setStep, room, errors, update, goTo } = wizard;
  // Registration is offered only to visitors who were logged out when they reached it.
  const withRegister = !edit && (user === null || step >= STEPS.REGISTER);
  const entry = useMemo(() => (step >= STEPS.CONFIRM && step < STEPS.REGISTER ? roomToEntry(room, pkg, region) : null), [step, room, pkg, region]);
  const preview = useCartPreview(entry ? [entry] : []);

  // A visitor who logs in through the register form's 'Inloggen' link is done as well.
  useEffect(() => {
    if (step === STEPS.REGISTER && user) setStep(STEPS.DONE);
  }, [step, user, setStep]);

  /** Closes the modal and opens another page (checkout, a cart). */
  const leaveTo = (path: string) => {
    onClose();
    navigate(path);
  };

  const addThen = addToCartThen(entry, onRoomAdded);

  const priced = preview.isSuccess && !preview.isFetching;
  const showAdmin = isAdmin && pathname !== '/winkelwagen' && !edit;

  return (
    <Stack gap="md">
      <WizardStepper step={step} labels={['Kamer', 'Gasten', 'Bevestigen', ...(withRegister ? ['Registreren'] : [])]} />

      {step === STEPS.ROOM && <RoomStep pkg={pkg} room={room} errors={errors} update={update} onNext={wizard.nextFromRoom} />}

      {step === STEPS.GUESTS && (
        <>
          <StepGuests pkg={pkg} room={room} state={wizard.state} errors={errors} handlers={wizard.handlers} />
          <Group justify="space-between">
            <Button variant="default" onClick={() => goTo(STEPS.ROOM)}>
              Vorige
            </Button>
            <Button onClick={wizard.nextFromGuests}>Volgende</Button>
          </Group>
        </>
      )}

      {step === STEPS.CONFIRM && entry && (
        <>
          <PricedRoom entry={entry} preview={preview} />
          <ConfirmActions
            priced={priced}
            onBack={() => goTo(STEPS.GUESTS)}
            onSave={
              edit &&
              (() => {
                updateCartItem(edit.cartKey, edit.index, entry);
                showNotification({ color: 'green', message: UPDATED_MESSAGE });
                onClose();
              })
            }
            onCheckout={addThen(CART_KEY, () => leaveTo('/afrekenen'))}
            onAnother={addThen(CART_KEY, () => {
              wizard.setRoom(emptyRoom());
              goTo(STEPS.ROOM);
            })}
            onRegister={user === null ? addThen(CART_KEY, () => goTo(STEPS.REGISTER)) : undefined}
            onAdmin={showAdmin ? addThen(ADMIN_CART_KEY, () => leaveTo('/admin-winkelwagen')) : undefined}
          />
        </>
      )}

      {step === STEPS.REGISTER && <RegisterStep onDone={() => setStep(STEPS.DONE)} />}

      {step === STEPS.DONE && <DoneStep leaveTo={leaveTo} />}
    </Stack>
  );
}

function RoomStep({
  pkg,
  room,
  errors,
  update,
  onNext,
}: {
  pkg: CatalogPackage;
  room: RoomValues;
  errors: Errors;
  update: (fn: (r: RoomValues) => RoomValues) => void;
  onNext: () => void;
}) {
  return (
    <>
      <StepRoom
        pkg={pkg}
        values={room}
        errors={errors}
        onSize={(size: RoomSize) => update((r) => ({ ...r, room_type: size }))}
        onGender={(g) => update((r) => ({ ...r, room_gender: g }))}
      />
      <Group justify="flex-end">
        <Button onClick={onNext}>Volgende</Button>
      </Group>
    </>
  );
}

/** `addThen(key, then)`: a click handler that puts the room in that cart, then goes on with `then`. */
function addToCartThen(entry: UmrahEntry | null, onRoomAdded: RoomWizardProps['onRoomAdded']) {
  return (key: CartKey, then: () => void) => () => {
    if (!entry) return;
    addCartItem(key, entry);
    showNotification({ color: 'green', message: ADDED_MESSAGE });
    onRoomAdded?.(entry.guests.length);
    then();
  };
}

/** The room as it goes in the cart, with the server's price. */
function PricedRoom({ entry, preview }: { entry: UmrahEntry; preview: ReturnType<typeof useCartPreview> }) {
  return (
    <>
      <RoomSummary entry={entry} />
      <PreviewState
        isPending={preview.isPending || preview.isFetching}
        error={preview.error}
        data={preview.data}
        totalLabel="Prijs van deze kamer"
        testId="kamer-totaal"
      />
    </>
  );
}

function RegisterStep({ onDone }: { onDone: () => void }) {
  return (
    <Stack gap="sm">
      <Alert color="green" variant="light">
        Je kamer staat in je winkelwagen. Maak een account aan om je bestelling af te ronden; je wordt daarna meteen ingelogd.
      </Alert>
      <RegisterForm onSuccess={onDone} />
    </Stack>
  );
}

function DoneStep({ leaveTo }: { leaveTo: (path: string) => void }) {
  return (
    <Stack gap="sm">
      <Alert color="green" variant="light" title="Je bent ingelogd">
        Je kamer staat in je winkelwagen. Je kunt nu afrekenen of eerst je winkelwagen bekijken.
      </Alert>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        <Button onClick={() => leaveTo('/afrekenen')}>Afrekenen</Button>
        <Button variant="light" onClick={() => leaveTo('/winkelwagen')}>
          Naar winkelwagen
        </Button>
      </SimpleGrid>
    </Stack>
  );
}

/** The room being made, the step it is in, and the checks before each next step. */
function useRoomSteps(pkg: CatalogPackage, limit: number, edit: RoomWizardProps['edit']) {
  const [step, setStep] = useState<number>(STEPS.ROOM);
  const [room, setRoom] = useState<RoomValues>(() => (edit ? entryToRoom(edit.entry) : emptyRoom()));
  const [errors, setErrors] = useState<Errors>({});
  const [tried, setTried] = useState(false);
  const state = roomState(pkg, room, limit);

  function update(fn: (r: RoomValues) => RoomValues) {
    const next = normalizeRoom(fn(room));
    setRoom(next);
    if (tried) {
      const all = roomErrors(next);
      setErrors(step === STEPS.ROOM ? pick(all, STEP_ONE_FIELDS) : all);
    }
  }

  function goTo(next: number) {
    setTried(false);
    setErrors({});
    setStep(next);
  }

  /** Shows `found` and stays; true when there was nothing to show. */
  function passes(found: Errors) {
    if (Object.keys(found).length === 0) return true;
    setTried(true);
    setErrors(found);
    return false;
  }

  function nextFromRoom() {
    if (!passes(pick(roomErrors(room), STEP_ONE_FIELDS))) return;
    if (room.guests.length === 0) setRoom(normalizeRoom({ ...room, guests: initialGuests(pkg, room, limit) }));
    goTo(STEPS.GUESTS);
  }

  function nextFromGuests() {
    if (passes(roomErrors(room))) goTo(STEPS.CONFIRM);
  }

  const handlers: GuestHandlers = {
    onGuest: (index: number, patch: Partial<GuestValues>) =>
      update((r) => ({ ...r, guests: r.guests.map((g, i) => (i === index ? { ...g, ...patch } : g)) })),
    onAdd: (age: AgeCategory) => update((r) => ({ ...r, guests: [...r.guests, newGuest(age, roomState(pkg, r, limit))] })),
    onRemove: (index: number) => update((r) => ({ ...r, guests: r.guests.filter((_, i) => i !== index) })),
    onExclusive: (value: boolean) => update((r) => ({ ...r, exclusive: value })),
    onExtras: (labels: string[]) => update((r) => ({ ...r, extras: labels })),
  };

  return { step, setStep, room, setRoom, errors, state, update, goTo, nextFromRoom, nextFromGuests, handlers };
}

function WizardStepper({ step, labels }: { step: number; labels: string[] }) {
  const current = Math.min(step, labels.length - 1);
  return (
    <>
      <Stepper active={step} size="xs" iconSize={26} allowNextStepsSelect={false} visibleFrom="sm" aria-label="Stappen">
        {labels.map((l) => (
          <Stepper.Step key={l} label={l} />
        ))}
      </Stepper>
      <Text size="sm" c="dimmed" hiddenFrom="sm">
        Stap {current + 1} van {labels.length}: {labels[current]}
      </Text>
    </>
  );
}

/**
 * The buttons under the priced room: 'Opslaan' when a cart's room is changed (`onSave`), else the
 * ways on (checkout, another room, registering when logged out, the admin cart for admins).
 */
function ConfirmActions({
  priced,
  onBack,
  onSave,
  onCheckout,
  onAnother,
  onRegister,
  onAdmin,
}: {
  priced: boolean;
  onBack: () => void;
  onSave?: () => void;
  onCheckout: () => void;
  onAnother: () => void;
  onRegister?: () => void;
  onAdmin?: () => void;
}) {
  const back = (
    <Button variant="default" onClick={onBack}>
      Vorige
    </Button>
  );
  if (onSave) {
    return (
      <Group justify="space-between">
        {back}
        <Button disabled={!priced} onClick={onSave}>
          Opslaan
        </Button>
      </Group>
    );
  }
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        <Button disabled={!priced} onClick={onCheckout}>
          Afrekenen
        </Button>
        <Button variant="light" disabled={!priced} onClick={onAnother}>
          Nog een kamer toevoegen
        </Button>
        {onRegister && (
          <Button variant="light" disabled={!priced} onClick={onRegister}>
            Verder naar registreren
          </Button>
        )}
        {onAdmin && (
          <Button variant="outline" color="grape" disabled={!priced} onClick={onAdmin}>
            Volgende (Admin)
          </Button>
        )}
      </SimpleGrid>
      <Group>{back}</Group>
    </Stack>
  );
}
