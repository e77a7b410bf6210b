import { z } from 'zod';
import { ARABIA_TIME_SLOTS, AgeCategory, Gender, WEEK_DAYS } from '../enums.ts';
import { MSG } from '../messages.ts';
import { TEXT_MAX, idField, requiredText, text } from './common.ts';
import { crowdfundEntrySchema } from './donation.ts';

// The room wizard (docs/RULES.md, 'Validation: Room wizard'), the arabia availability and the order create payload
// (docs/RULES.md, 'Entities'). The wizard's forms and POST /api/order use these same schemas.

export const ORDER_MSG = {
  roomType: 'Kamer type is verplicht!',
  roomGender: 'Kamer soort is verplicht!',
  trip: 'Kies een reis voor deze kamer.',
  firstName: 'Voornaam is verplicht!',
  lastName: 'Achternaam is verplicht!',
  ageCategory: 'Leeftijdscategorie is verplicht!',
  gender: 'Geslacht is verplicht!',
  minGuests: 'Aantal gasten moet minimaal 1 zijn.',
  minBeds: (n: number) => `Er moet(en) minimaal ${n} bed(den) gevuld zijn in deze kamer.`,
  maxBeds: (n: number) => `Er passen maximaal ${n} personen met een eigen bed in deze kamer.`,
  tooManyGuests: 'Te veel gasten in deze kamer.',
  adultsOnly: 'De 4-persoonskamer is alleen voor volwassenen.',
  exclusive: 'Exclusief gebruik kan alleen bij een 2-persoonskamer voor mannen of vrouwen met één gast.',
  days: 'Beschikbare dagen zijn verplicht!',
  times: 'Beschikbare tijdsloten zijn verplicht!',
  emptyCart: 'Winkelwagen is leeg',
  selectUser: 'Selecteer een gebruiker',
  userNotFound: 'Gebruiker niet gevonden.',
  otherUser: 'Je kunt alleen voor je eigen account bestellen.',
  tooMany: 'Te veel items.',
  tooLong: 'Deze tekst is te lang.',
  invalidFlex: 'Ongeldige invoer.',
  created: 'Bestelling succesvol aangemaakt.',
  updated: 'Bestelling succesvol gewijzigd.',
  failed: 'Er is iets misgegaan tijdens het verwerken van je bestelling.',
  notFound: 'Bestelling niet gevonden.',
  notEditable: 'Deze bestelling kan niet meer worden gewijzigd.',
  paymentOpen:
    'Voor deze bestelling loopt nog een betaling. Rond die eerst af, annuleer die op de betaalpagina of wacht tot die is verlopen; daarna kun je de bestelling wijzigen.',
  alreadyPaid: 'Op deze bestelling is al betaald; wijzigen kan alleen nog via ons kantoor.',
  unpaidRooms: (max: number) =>
    `Zonder te betalen kun je maximaal ${max} kamers tegelijk vasthouden. Betaal eerst een openstaande bestelling (Account - Mijn bestellingen) of neem contact met ons op voor een grotere groep.`,
  unpaidPlaces: (max: number) =>
    `Zonder te betalen kun je voor deze reis maximaal ${max} plaatsen vasthouden. Betaal eerst je openstaande bestelling voor deze reis (Account - Mijn bestellingen) of neem contact met ons op voor een grotere groep.`,
  hasDocuments: 'Van deze bestelling zijn al reisdocumenten aangeleverd; wijzig de gasten via de beheerder.',
  soldOutRoom: 'Deze kamer is helaas uitverkocht.',
  soldOut: (label: string) => `${label} is helaas uitverkocht.`,
  productNotFound: 'Product niet gevonden.',
  unavailable: (label: string) => `${label} is niet (meer) beschikbaar.`,
  notATrip: 'Dit product is geen Umrah-reis.',
  departed: 'Deze reis is al vertrokken en kan niet meer worden geboekt.',
  noAgeRate: (size: number, age: string) => `Voor deze reis is geen ${size}-persoonskamer voor een ${age} beschikbaar.`,
  unknownExtra: (label: string) => `Onbekende extra: ${label}.`,
} as const;

const ADULT = AgeCategory.ADULT;
const INVALID = MSG.invalidInput;
const productId = idField(ORDER_MSG.productNotFound);

export const ageCategoryField = z.literal([0, 1, 2], { error: ORDER_MSG.ageCategory });

/** One guest of a room. `gender` is required only in a mix room; elsewhere the room's gender is used. */
export const guestSchema = z.object(
  {
    first_name: requiredText(ORDER_MSG.firstName, 100),
    last_name: requiredText(ORDER_MSG.lastName, 100),
    age_category: ageCategoryField,
    gender: z.literal([0, 1, 2], { error: ORDER_MSG.gender }).nullable().optional(),
    european_passport: z.boolean({ error: INVALID }).default(true),
    /** Own bed; an adult always has one. */
    bed_included: z.boolean({ error: INVALID }).default(true),
    /** disabled: the guest uses a wheelchair. */
    flex: z.object({ disabled: z.boolean({ error: INVALID }).default(false) }, { error: INVALID }).default({ disabled: false }),
  },
  { error: INVALID },
);
export type GuestInput = z.input<typeof guestSchema>;
export type Guest = z.output<typeof guestSchema>;

/** A chosen extra of the trip, by label (an object with a label, as the catalog gives it, also works). */
const extraRef = z
  .union([text(TEXT_MAX.label).min(1), z.object({ label: text(TEXT_MAX.label).min(1) })], { error: INVALID })
  .transform((v) => (typeof v === 'string' ? v : v.label));

const roomFields = {
  /** Room size: 2, 3 or 4 persons. */
  room_type: z.literal([2, 3, 4], { error: ORDER_MSG.roomType }),
  /** 0 male, 1 female, 2 mix/family. */
  room_gender: z.literal([0, 1, 2], { error: ORDER_MSG.roomGender }),
  exclusive: z.boolean({ error: INVALID }).default(false),
  /** Ignored: the server uses the room size. */
  max_guests: z.unknown().optional(),
  extras: z.array(extraRef, { error: INVALID }).max(30, { error: ORDER_MSG.tooMany }).default([]),
  guests: z.array(guestSchema, { error: ORDER_MSG.minGuests }).min(1, { error: ORDER_MSG.minGuests }).max(8, { error: ORDER_MSG.tooManyGuests }),
};

/** Guests that take a bed: every adult, and children or babies with `bed_included`. */
export const bedsTaken = (guests: readonly Pick<Guest, 'age_category' | 'bed_included'>[]) =>
  guests.filter((g) => g.age_category === ADULT || g.bed_included).length;

/** Beds that must be filled: the full capacity for a mix room, otherwise 1 (docs/RULES.md, 'Validation'). */
export const minimumBeds = (capacity: number, roomGender: number) => (roomGender === Gender.MIX ? capacity : 1);

/** The exclusive option exists only for a male or female 2-person room with one guest. */
export const exclusiveAllowed = (capacity: number, roomGender: number, guestCount: number) =>
  capacity === 2 && roomGender !== Gender.MIX && guestCount === 1;

interface RoomShape {
  room_type: 2 | 3 | 4;
  room_gender: 0 | 1 | 2;
  exclusive: boolean;
  guests: Pick<Guest, 'age_category' | 'bed_included' | 'gender'>[];
}

/** The cross-field rules of the room wizard, for the wizard form and the order payload alike. */
export function roomRules(v: RoomShape, ctx: z.RefinementCtx) {
  // An empty room already has its own message ('Aantal gasten moet minimaal 1 zijn.').
  if (v.guests.length === 0) return;
  const capacity = v.room_type;
  const beds = bedsTaken(v.guests);
  const min = minimumBeds(capacity, v.room_gender);
  if (beds < min) ctx.addIssue({ code: 'custom', path: ['guests'], message: ORDER_MSG.minBeds(min) });
  if (beds > capacity) ctx.addIssue({ code: 'custom', path: ['guests'], message: ORDER_MSG.maxBeds(capacity) });
  if (capacity === 4 && v.guests.some((g) => g.age_category !== ADULT)) {
    ctx.addIssue({ code: 'custom', path: ['guests'], message: ORDER_MSG.adultsOnly });
  }
  if (v.room_gender === Gender.MIX) {
    v.guests.forEach((g, i) => {
      if (g.gender !== Gender.MALE && g.gender !== Gender.FEMALE) {
        ctx.addIssue({ code: 'custom', path: ['guests', i, 'gender'], message: ORDER_MSG.gender });
      }
    });
  }
  if (v.exclusive && !exclusiveAllowed(capacity, v.room_gender, v.guests.length)) {
    ctx.addIssue({ code: 'custom', path: ['exclusive'], message: ORDER_MSG.exclusive });
  }
}

/** Adults always have a bed; in a male or female room every guest has the room's gender. */
function normalizeRoom<T extends RoomShape & { guests: Guest[] }>(v: T) {
  return {
    ...v,
    max_guests: v.room_type,
    guests: v.guests.map((g) => ({
      ...g,
      bed_included: g.age_category === ADULT ? true : g.bed_included,
      gender: v.room_gender === Gender.MIX ? (g.gender as 0 | 1) : v.room_gender,
    })),
  };
}

/** The room wizard form (steps 1 and 2), before a trip is attached. */
export const roomFormSchema = z.object(roomFields, { error: INVALID }).superRefine(roomRules);
export type RoomFormValues = z.input<typeof roomFormSchema>;

/**
 * A room of the order payload. `product_id` is any Umrah product of the chosen package (the
 * catalog's `prices[size][age].productId`); the server finds each guest's product by room size and
 * age category within that package.
 */
export const roomSchema = z
  .object(
    {
      product_id: idField(ORDER_MSG.trip),
      ...roomFields,
    },
    { error: INVALID },
  )
  .superRefine(roomRules)
  .transform(normalizeRoom);
export type RoomInput = z.input<typeof roomSchema>;
export type Room = z.output<typeof roomSchema>;

/** When a lesson can take place: at least one day (Maandag..Zondag) and one time slot. */
export const arabiaAvailabilitySchema = z.object(
  {
    /** The lesson product's id. */
    id: idField(INVALID),
    days: z
      .array(z.enum(WEEK_DAYS, { error: ORDER_MSG.days }), { error: ORDER_MSG.days })
      .min(1, { error: ORDER_MSG.days })
      .max(7)
      .transform((d) => WEEK_DAYS.filter((day) => d.includes(day))),
    times: z
      .array(z.enum(ARABIA_TIME_SLOTS, { error: ORDER_MSG.times }), { error: ORDER_MSG.times })
      .min(1, { error: ORDER_MSG.times })
      .max(4)
      .transform((t) => ARABIA_TIME_SLOTS.filter((slot) => t.includes(slot))),
  },
  { error: INVALID },
);
export type ArabiaAvailability = z.output<typeof arabiaAvailabilitySchema>;

/** The availability form of a lesson on the arabia page (without the id). */
export const arabiaAvailabilityFormSchema = arabiaAvailabilitySchema.omit({ id: true });

export const orderFlexSchema = z.object(
  {
    /** Pay 50 % now (down payment) instead of 100 %. */
    pay_partly: z.boolean({ error: INVALID }).default(false),
    /** Voucher labels. 'kid-without-bed' is ignored here: the server adds it per child without bed. */
    discounts: z.array(text(100, 'Een kortingscode'), { error: INVALID }).max(50, { error: ORDER_MSG.tooMany }).default([]),
    arabia_availibilities: z.array(arabiaAvailabilitySchema, { error: INVALID }).max(50, { error: ORDER_MSG.tooMany }).default([]),
  },
  { error: ORDER_MSG.invalidFlex },
);
export type OrderFlex = z.output<typeof orderFlexSchema>;

const emptyFlex = { pay_partly: false, discounts: [], arabia_availibilities: [] };

/** docs/RULES.md, 'Entities' sends `flex` as JSON text; an object is accepted too. */
const flexField = z.preprocess((value, ctx) => {
  if (value === undefined || value === null || value === '') return emptyFlex;
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    ctx.addIssue({ code: 'custom', message: ORDER_MSG.invalidFlex });
    return z.NEVER;
  }
}, orderFlexSchema);

/**
 * POST /api/order and POST /api/order/{id}. Prices are never part of it: unknown fields (a client's
 * `price`, `total_price`, ...) are dropped and every amount is computed by the server.
 */
export const orderSchema = z
  .object(
    {
      /** Ids of lessons (types 11-14) and plain products; a repeated id counts as quantity. */
      products: z.array(productId, { error: INVALID }).max(100, { error: ORDER_MSG.tooMany }).default([]),
      rooms: z.array(roomSchema, { error: INVALID }).max(20, { error: ORDER_MSG.tooMany }).default([]),
      crowdfunds: z.array(crowdfundEntrySchema, { error: INVALID }).max(20, { error: ORDER_MSG.tooMany }).default([]),
      flex: flexField,
      /** Admin only: the customer's user id or email. */
      user: z
        .union([idField(ORDER_MSG.userNotFound), text(TEXT_MAX.email, 'Gebruiker')], { error: ORDER_MSG.userNotFound })
        .nullable()
        .optional(),
    },
    { error: INVALID },
  )
  .superRefine((v, ctx) => {
    if (v.products.length + v.rooms.length + v.crowdfunds.length === 0) {
      ctx.addIssue({ code: 'custom', path: [], message: ORDER_MSG.emptyCart });
    }
  });
/** The payload as the client builds it (`flex` may be JSON text or an object, or left out). */
export type OrderInput = Omit<z.input<typeof orderSchema>, 'flex'> & { flex?: string | z.input<typeof orderFlexSchema> };
export type Order = z.output<typeof orderSchema>;
