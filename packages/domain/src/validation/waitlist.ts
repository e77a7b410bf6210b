import { z } from 'zod';
import { MSG } from '../messages.ts';
import { idField } from './common.ts';

// The waiting list of a sold-out room type (docs/WAITLIST.md): one form, shared by the web's modal and the API.

export const WAITLIST_MSG = {
  persons: 'Kies 1 tot 12 personen.',
  roomType: 'Kies een kamer voor 2, 3 of 4 personen.',
  joined: 'Je staat op de wachtlijst. Komen er plaatsen vrij, dan krijg je een e-mail.',
  notSoldOut: 'Er zijn nog plaatsen vrij in deze kamer; je kunt direct boeken.',
  already: 'Je staat al op de wachtlijst voor deze kamer.',
  notATrip: 'Dit is geen reis met kamers.',
  noRoom: 'Deze reis heeft geen kamer van deze grootte.',
  notFound: 'Deze plaats op de wachtlijst bestaat niet (meer).',
  removed: 'Verwijderd van de wachtlijst.',
  moved: 'De volgorde van de wachtlijst is aangepast.',
  cannotMove: 'Alleen wie nog wacht kan worden verplaatst.',
  holdExpired: 'De voor je vastgehouden plaatsen zijn verlopen.',
} as const;

/** Room sizes of a trip: 2-, 3- and 4-person rooms. */
export const WAITLIST_ROOM_TYPES = [2, 3, 4] as const;
export const WAITLIST_MAX_PERSONS = 12;

export const waitlistJoinSchema = z.object(
  {
    /** Any product of the trip (the room type the customer saw sold out). */
    product_id: idField(),
    room_type: z.literal(WAITLIST_ROOM_TYPES, { error: WAITLIST_MSG.roomType }),
    persons: z.coerce
      .number({ error: WAITLIST_MSG.persons })
      .int({ error: WAITLIST_MSG.persons })
      .min(1, { error: WAITLIST_MSG.persons })
      .max(WAITLIST_MAX_PERSONS, { error: WAITLIST_MSG.persons }),
  },
  { error: MSG.invalidInput },
);
export type WaitlistJoin = z.infer<typeof waitlistJoinSchema>;

/** Staff moving an entry one place up or down the list. */
export const waitlistMoveSchema = z.object({ direction: z.enum(['up', 'down'], { error: MSG.invalidInput }) }, { error: MSG.invalidInput });

export type WaitlistStatus = 'waiting' | 'held' | 'booked' | 'lapsed';

export interface WaitlistEntryDto {
  id: number;
  product_id: number;
  trip_label: string;
  start: string | null;
  end: string | null;
  room_type: number;
  /** The trip's class (0 Firstclass, 1 Premiumclass): with start and end it finds the package. */
  type_class: number;
  persons: number;
  status: WaitlistStatus;
  /** Place in the queue of its room type (1 = first); null once no longer waiting. */
  place: number | null;
  held_until: string | null;
  order_id: number | null;
  created_at: string;
}

/** An entry as staff see it on the trip page. */
export interface WaitlistAdminEntryDto extends WaitlistEntryDto {
  user_id: number;
  email: string;
  name: string;
}
