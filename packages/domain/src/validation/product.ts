import { z } from 'zod';
import { HOTELS } from '../hotels.ts';
import { ProductType, REGIONS, isUmrahType, type Region } from '../enums.ts';
import { eurosToCents } from '../money.ts';
import { isIsoDate, requiredText, text } from './common.ts';

// The product form of docs/RULES.md, 'Validation' and the product body of the API share these rules and messages.

export const PRODUCT_MSG = {
  type: 'Type is verplicht!',
  typeInvalid: 'Onbekend producttype.',
  label: 'Titel is verplicht!',
  description: 'Beschrijving is verplicht!',
  price: 'Prijs is verplicht!',
  priceMin: 'Prijs moet minimaal 0 zijn.',
  stock: 'Voorraad is verplicht!',
  stockMin: 'Voorraad moet minimaal 0 zijn.',
  stockInt: 'Voorraad moet een heel getal zijn.',
  period: 'Periode is verplicht!',
  periodOrder: 'De einddatum moet na de begindatum liggen.',
  deadline: 'Betaaldeadline is verplicht!',
  deadlineOrder: 'De betaaldeadline moet op of voor de vertrekdatum liggen.',
  dateInvalid: 'Ongeldige datum.',
  hotels: 'Hotels zijn verplicht!',
  hotelInvalid: 'Onbekend hotel.',
  hotelTwice: 'Een hotel kan maar één keer gekozen worden.',
  region: 'Land is verplicht!',
  bulletLabel: 'Label is verplicht!',
  priority: 'Prioriteit is verplicht!',
  priorityMin: 'Prioriteit moet minimaal 0 zijn.',
  typeClass: 'Klasse is verplicht!',
  extraLabel: 'Naam van de extra is verplicht!',
  extraPrice: 'Prijs van de extra moet minimaal 0 zijn.',
  oneTypeOnEdit: 'Bij wijzigen kan maar één type gekozen worden.',
  tooMany: 'Te veel items.',
  tooLong: 'Deze tekst is te lang.',
} as const;

export const PRODUCT_TYPES = Object.values(ProductType) as number[];

const productTypeField = z
  .number({ error: PRODUCT_MSG.type })
  .int({ error: PRODUCT_MSG.typeInvalid })
  .refine((t) => PRODUCT_TYPES.includes(t), { error: PRODUCT_MSG.typeInvalid });

/** A real calendar date as YYYY-MM-DD ('2026-02-31' is refused). */
export function isRealDate(value: string): boolean {
  return isIsoDate(value);
}

/** An optional date: null, undefined and '' mean "not given"; anything else must be a real date. */
const optionalDate = z
  .union([z.string(), z.null()])
  .optional()
  .transform((v) => (v ? v.trim() : null) || null)
  .refine((v) => v === null || isRealDate(v), { error: PRODUCT_MSG.dateInvalid });

const hotelIndex = z
  .number({ error: PRODUCT_MSG.hotelInvalid })
  .int({ error: PRODUCT_MSG.hotelInvalid })
  .min(0, { error: PRODUCT_MSG.hotelInvalid })
  .max(HOTELS.length - 1, { error: PRODUCT_MSG.hotelInvalid });

const hotelList = z
  .array(hotelIndex, { error: PRODUCT_MSG.hotels })
  .max(HOTELS.length, { error: PRODUCT_MSG.tooMany })
  .refine((list) => new Set(list).size === list.length, { error: PRODUCT_MSG.hotelTwice });

export const bulletpointSchema = z.object({
  label: requiredText(PRODUCT_MSG.bulletLabel, 200),
  description: text(2000, 'Beschrijving').default(''),
});
export type Bulletpoint = z.infer<typeof bulletpointSchema>;

const priorityField = z.number({ error: PRODUCT_MSG.priority }).int({ error: PRODUCT_MSG.priorityMin }).min(0, { error: PRODUCT_MSG.priorityMin });

const typeClassField = z.union([z.literal(0), z.literal(1)], { error: PRODUCT_MSG.typeClass });

const regionField = z.enum(REGIONS, { error: PRODUCT_MSG.region });

/** An optional extra service of a trip (price per person in cents, as stored). */
export const productExtraSchema = z.object({
  label: requiredText(PRODUCT_MSG.extraLabel, 200),
  price: z
    .number({ error: PRODUCT_MSG.extraPrice })
    .int({ error: PRODUCT_MSG.extraPrice })
    .min(0, { error: PRODUCT_MSG.extraPrice })
    .max(100_000_000, { error: PRODUCT_MSG.extraPrice }),
});
export type ProductExtra = z.infer<typeof productExtraSchema>;

/**
 * The product `flex` as the API accepts it. Unknown keys are dropped; `region` is written by the
 * server from the product's own region, so a client value is ignored.
 */
export const productFlexSchema = z.object({
  hotels: hotelList.default([]),
  bulletpoints: z.array(bulletpointSchema).max(30, { error: PRODUCT_MSG.tooMany }).default([]),
  priority: priorityField.default(0),
  type_class: typeClassField.default(0),
  extras: z.array(productExtraSchema).max(30, { error: PRODUCT_MSG.tooMany }).default([]),
});
export type ProductFlexInput = z.input<typeof productFlexSchema>;

/** The flex of a product as stored and served. */
export interface ProductFlex {
  hotels: number[];
  bulletpoints: Bulletpoint[];
  priority: number;
  type_class: 0 | 1;
  extras: ProductExtra[];
  region: Region;
}

interface TripFields {
  start: string | null;
  end: string | null;
  payment_deadline: string | null;
  hotels: number[];
}

/**
 * Umrah trips (types 2-10) need a period, a payment deadline and hotels; lessons and plain products
 * (visa fee, exclusive room) do not. Dates, when given, must be in order.
 */
function checkTrip(v: TripFields, umrah: boolean, ctx: z.RefinementCtx, hotelsPath: (string | number)[]) {
  if (umrah) {
    if (!v.start) ctx.addIssue({ code: 'custom', path: ['start'], message: PRODUCT_MSG.period });
    if (!v.end) ctx.addIssue({ code: 'custom', path: ['end'], message: PRODUCT_MSG.period });
    if (!v.payment_deadline) ctx.addIssue({ code: 'custom', path: ['payment_deadline'], message: PRODUCT_MSG.deadline });
    if (v.hotels.length === 0) ctx.addIssue({ code: 'custom', path: hotelsPath, message: PRODUCT_MSG.hotels });
  }
  if (v.start && v.end && v.end < v.start) ctx.addIssue({ code: 'custom', path: ['end'], message: PRODUCT_MSG.periodOrder });
  if ((v.start || v.end) && !(v.start && v.end)) {
    ctx.addIssue({ code: 'custom', path: [v.start ? 'end' : 'start'], message: PRODUCT_MSG.period });
  }
  if (v.start && v.payment_deadline && v.payment_deadline > v.start) {
    ctx.addIssue({ code: 'custom', path: ['payment_deadline'], message: PRODUCT_MSG.deadlineOrder });
  }
}

/** One product as POST /api/products (an array of these) and PUT /api/product/{id} take it. Price in cents. */
export const productInputSchema = z
  .object({
    type: productTypeField,
    label: requiredText(PRODUCT_MSG.label, 200),
    description: requiredText(PRODUCT_MSG.description, 5000),
    price: z
      .number({ error: PRODUCT_MSG.price })
      .int({ error: 'Prijs moet in centen (een heel getal) worden opgegeven.' })
      .min(0, { error: PRODUCT_MSG.priceMin })
      .max(100_000_000, { error: PRODUCT_MSG.tooLong }),
    stock: z
      .number({ error: PRODUCT_MSG.stock })
      .int({ error: PRODUCT_MSG.stockInt })
      .min(0, { error: PRODUCT_MSG.stockMin })
      .max(1_000_000_000, { error: PRODUCT_MSG.tooLong }),
    start: optionalDate,
    end: optionalDate,
    payment_deadline: optionalDate,
    region: regionField,
    is_active: z.boolean().default(true),
    currency: z.literal('EUR', { error: 'Alleen EUR wordt ondersteund.' }).default('EUR'),
    flex: productFlexSchema.default({ hotels: [], bulletpoints: [], priority: 0, type_class: 0, extras: [] }),
  })
  .superRefine((v, ctx) => checkTrip({ ...v, hotels: v.flex.hotels }, isUmrahType(v.type), ctx, ['flex', 'hotels']));
export type ProductInput = z.output<typeof productInputSchema>;
export type ProductInputRaw = z.input<typeof productInputSchema>;

export const productListInputSchema = z
  .array(productInputSchema, { error: 'Stuur een lijst met producten.' })
  .min(1, { error: 'Minimaal 1 item!' })
  .max(50, { error: PRODUCT_MSG.tooMany });

// ---------------------------------------------------------------------------------------------
// The admin form: several types at once, price in euros, one product per chosen type on submit.

const formFields = {
  types: z.array(productTypeField, { error: PRODUCT_MSG.type }).min(1, { error: PRODUCT_MSG.type }),
  label: requiredText(PRODUCT_MSG.label, 200),
  description: requiredText(PRODUCT_MSG.description, 5000),
  /** Euros, as the admin types it. */
  price: z.number({ error: PRODUCT_MSG.price }).min(0, { error: PRODUCT_MSG.priceMin }).max(1_000_000, { error: PRODUCT_MSG.tooLong }),
  stock: z.number({ error: PRODUCT_MSG.stock }).int({ error: PRODUCT_MSG.stockInt }).min(0, { error: PRODUCT_MSG.stockMin }),
  start: optionalDate,
  end: optionalDate,
  payment_deadline: optionalDate,
  hotels: hotelList,
  region: regionField,
  bulletpoints: z.array(bulletpointSchema).max(30, { error: PRODUCT_MSG.tooMany }),
  priority: priorityField,
  type_class: typeClassField,
  /** Extras with their price in euros. */
  extras: z
    .array(
      z.object({
        label: requiredText(PRODUCT_MSG.extraLabel, 200),
        price: z.number({ error: PRODUCT_MSG.extraPrice }).min(0, { error: PRODUCT_MSG.extraPrice }),
      }),
    )
    .max(30, { error: PRODUCT_MSG.tooMany }),
  is_active: z.boolean(),
};

const formTripCheck = (v: { types: number[] } & TripFields, ctx: z.RefinementCtx) => checkTrip(v, v.types.some(isUmrahType), ctx, ['hotels']);

/** Adding: one product per chosen type. */
export const productFormSchema = z.object(formFields).superRefine(formTripCheck);
/** Editing one product: exactly one type. */
export const productEditFormSchema = z.object(formFields).superRefine((v, ctx) => {
  if (v.types.length > 1) ctx.addIssue({ code: 'custom', path: ['types'], message: PRODUCT_MSG.oneTypeOnEdit });
  formTripCheck(v, ctx);
});
export type ProductFormValues = z.input<typeof productFormSchema>;
export type ProductFormOutput = z.output<typeof productFormSchema>;

export const emptyProductForm = (region: Region): ProductFormValues => ({
  types: [],
  label: '',
  description: '',
  price: 0,
  stock: 0,
  start: null,
  end: null,
  payment_deadline: null,
  hotels: [],
  region,
  bulletpoints: [],
  priority: 0,
  type_class: 0,
  extras: [],
  is_active: true,
});

/** The API bodies for a validated form: one product per chosen type, euros turned into cents. */
export function productFormToInputs(form: ProductFormOutput): ProductInputRaw[] {
  return form.types.map((type) => ({
    type,
    label: form.label,
    description: form.description,
    price: eurosToCents(form.price),
    stock: form.stock,
    start: form.start,
    end: form.end,
    payment_deadline: form.payment_deadline,
    region: form.region,
    is_active: form.is_active,
    currency: 'EUR',
    flex: {
      hotels: form.hotels,
      bulletpoints: form.bulletpoints,
      priority: form.priority,
      type_class: form.type_class,
      extras: form.extras.map((e) => ({ label: e.label, price: eurosToCents(e.price) })),
    },
  }));
}

/** The product as GET /api/products serves it (docs/RULES.md, 'Entities', snake_case). Price in cents. */
export interface ProductDto {
  product_id: number;
  id: number;
  type: number;
  label: string;
  description: string;
  start: string | null;
  end: string | null;
  payment_deadline: string | null;
  stock: number;
  price: number;
  is_active: boolean;
  region: Region;
  currency: string;
  created_at: string;
  flex: ProductFlex;
}

/** Form values for editing an existing product. */
export function productToFormValues(p: ProductDto): ProductFormValues {
  return {
    types: [p.type],
    label: p.label,
    description: p.description,
    price: p.price / 100,
    stock: p.stock,
    start: p.start,
    end: p.end,
    payment_deadline: p.payment_deadline,
    hotels: [...p.flex.hotels],
    region: p.region,
    bulletpoints: p.flex.bulletpoints.map((b) => ({ label: b.label, description: b.description ?? '' })),
    priority: p.flex.priority,
    type_class: p.flex.type_class,
    extras: p.flex.extras.map((e) => ({ label: e.label, price: e.price / 100 })),
    is_active: p.is_active,
  };
}
