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
  const [step, setStep] = useState<number>(STEPS.ROOM);
  const [room, setRoom] = useState<RoomValues>(() => (edit ? entryToRoom(edit.entry) : emptyRoom()));
  const [errors, setErrors] = useState<Errors>({});
  const [tried, setTried] = useState(false);
  // Registration is offered only to visitors who were logged out when they reached it.
  const withRegister = !edit && (user === null || step >= STEPS.REGISTER);

  const limit = edit ? Number.POSITIVE_INFINITY : guestLimit;
  const state = roomState(pkg, room, limit);
  const entry = useMemo(() => (step >= STEPS.CONFIRM && step < STEPS.REGISTER ? roomToEntry(room, pkg, region) : null), [step, room, pkg, region]);
  const preview = useCartPreview(entry ? [entry] : []);

  // A visitor who logs in through the register form's 'Inloggen' link is done as well.
  useEffect(() => {
    if (step === STEPS.REGISTER && user) setStep(STEPS.DONE);
  }, [step, user]);

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

  function nextFromRoom() {
    const found = pick(roomErrors(room), STEP_ONE_FIELDS);
    if (Object.keys(found).length > 0) {
      setTried(true);
      setErrors(found);
      return;
    }
    if (room.guests.length === 0) setRoom(normalizeRoom({ ...room, guests: initialGuests(pkg, room, limit) }));
    goTo(STEPS.GUESTS);
  }

  function nextFromGuests() {
    const found = roomErrors(room);
    if (Object.keys(found).length > 0) {
      setTried(true);
      setErrors(found);
      return;
    }
    goTo(STEPS.CONFIRM);
  }

  const handlers: GuestHandlers = {
    onGuest: (index: number, patch: Partial<GuestValues>) =>
      update((r) => ({ ...r, guests: r.guests.map((g, i) => (i === index ? { ...g, ...patch } : g)) })),
    onAdd: (age: AgeCategory) => update((r) => ({ ...r, guests: [...r.guests, newGuest(age, roomState(pkg, r, limit))] })),
    onRemove: (index: number) => update((r) => ({ ...r, guests: r.guests.filter((_, i) => i !== index) })),
    onExclusive: (value: boolean) => update((r) => ({ ...r, exclusive: value })),
    onExtras: (labels: string[]) => update((r) => ({ ...r, extras: labels })),
  };

  /** Closes the modal and opens another page (checkout, a cart). */
  const leaveTo = (path: string) => {
    onClose();
    navigate(path);
  };

  function add(key: CartKey) {
    if (!entry) return;
    addCartItem(key, entry);
    showNotification({ color: 'green', message: ADDED_MESSAGE });
    onRoomAdded?.(entry.guests.length);
  }

  const priced = preview.isSuccess && !preview.isFetching;
  const showAdmin = isAdmin && pathname !== '/winkelwagen' && !edit;

  const labels = ['Kamer', 'Gasten', 'Bevestigen', ...(withRegister ? ['Registreren'] : [])];
  const current = Math.min(step, labels.length - 1);

  return (
    <Stack gap="md">
      <Stepper active={step} size="xs" iconSize={26} allowNextStepsSelect={false} visibleFrom="sm" aria-label="Stappen">
        {labels.map((l) => (
          <Stepper.Step key={l} label={l} />
        ))}
      </Stepper>
      <Text size="sm" c="dimmed" hiddenFrom="sm">
        Stap {current + 1} van {labels.length}: {labels[current]}
      </Text>

      {step === STEPS.ROOM && (
        <>
          <StepRoom
            pkg={pkg}
            values={room}
            errors={errors}
            onSize={(size: RoomSize) => update((r) => ({ ...r, room_type: size }))}
            onGender={(g) => update((r) => ({ ...r, room_gender: g }))}
          />
          <Group justify="flex-end">
            <Button onClick={nextFromRoom}>Volgende</Button>
          </Group>
        </>
      )}

      {step === STEPS.GUESTS && (
        <>
          <StepGuests pkg={pkg} room={room} state={state} errors={errors} handlers={handlers} />
          <Group justify="space-between">
            <Button variant="default" onClick={() => goTo(STEPS.ROOM)}>
              Vorige
            </Button>
            <Button onClick={nextFromGuests}>Volgende</Button>
          </Group>
        </>
      )}

      {step === STEPS.CONFIRM && entry && (
        <>
          <RoomSummary entry={entry} />
          <PreviewState
            isPending={preview.isPending || preview.isFetching}
            error={preview.error}
            data={preview.data}
            totalLabel="Prijs van deze kamer"
            testId="kamer-totaal"
          />
          {edit ? (
            <Group justify="space-between">
              <Button variant="default" onClick={() => goTo(STEPS.GUESTS)}>
                Vorige
              </Button>
              <Button
                disabled={!priced}
                onClick={() => {
                  updateCartItem(edit.cartKey, edit.index, entry);
                  showNotification({ color: 'green', message: UPDATED_MESSAGE });
                  onClose();
                }}
              >
                Opslaan
              </Button>
            </Group>
          ) : (
            <Stack gap="xs">
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
                <Button
                  disabled={!priced}
                  onClick={() => {
                    add(CART_KEY);
                    leaveTo('/afrekenen');
                  }}
                >
                  Afrekenen
                </Button>
                <Button
                  variant="light"
                  disabled={!priced}
                  onClick={() => {
                    add(CART_KEY);
                    setRoom(emptyRoom());
                    goTo(STEPS.ROOM);
                  }}
                >
                  Nog een kamer toevoegen
                </Button>
                {user === null && (
                  <Button
                    variant="light"
                    disabled={!priced}
                    onClick={() => {
                      add(CART_KEY);
                      goTo(STEPS.REGISTER);
                    }}
                  >
                    Verder naar registreren
                  </Button>
                )}
                {showAdmin && (
                  <Button
                    variant="outline"
                    color="grape"
                    disabled={!priced}
                    onClick={() => {
                      add(ADMIN_CART_KEY);
                      leaveTo('/admin-winkelwagen');
                    }}
                  >
                    Volgende (Admin)
                  </Button>
                )}
              </SimpleGrid>
              <Group>
                <Button variant="default" onClick={() => goTo(STEPS.GUESTS)}>
                  Vorige
                </Button>
              </Group>
            </Stack>
          )}
        </>
      )}

      {step === STEPS.REGISTER && (
        <Stack gap="sm">
          <Alert color="green" variant="light">
            Je kamer staat in je winkelwagen. Maak een account aan om je bestelling af te ronden; je wordt daarna meteen ingelogd.
          </Alert>
          <RegisterForm onSuccess={() => setStep(STEPS.DONE)} />
        </Stack>
      )}

      {step === STEPS.DONE && (
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
      )}
    </Stack>
  );
}
