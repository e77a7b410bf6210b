import { describe, expect, it } from 'vitest';
import { HOTELS } from '../src/hotels.ts';
import {
  PRODUCT_MSG,
  emptyProductForm,
  productEditFormSchema,
  productFormSchema,
  productFormToInputs,
  productInputSchema,
  productListInputSchema,
  productToFormValues,
  type ProductDto,
} from '../src/validation/product.ts';

const validInput = (over: Record<string, unknown> = {}) => ({
  type: 2,
  label: 'Umrah maart 2027 Firstclass',
  description: 'Twee weken Umrah.',
  price: 189900,
  stock: 40,
  start: '2027-03-10',
  end: '2027-03-24',
  payment_deadline: '2027-01-27',
  region: 'NL',
  flex: { hotels: [0, 3], bulletpoints: [{ label: 'Vlucht', description: 'Retour' }], priority: 0, type_class: 0, extras: [] },
  ...over,
});

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? [] : r.error!.issues.map((i) => i.message));

describe('productInputSchema (API body)', () => {
  it('accepts a valid trip and fills defaults', () => {
    const r = productInputSchema.parse(validInput());
    expect(r.is_active).toBe(true);
    expect(r.currency).toBe('EUR');
    expect(r.flex.hotels).toEqual([0, 3]);
  });

  it('drops unknown flex keys instead of storing them', () => {
    const r = productInputSchema.parse(validInput({ flex: { hotels: [1], evil: '<script>', region: 'XX' } }));
    expect(r.flex).toEqual({ hotels: [1], bulletpoints: [], priority: 0, type_class: 0, extras: [] });
  });

  it('refuses negative price and stock, a missing label and out-of-range hotels in Dutch', () => {
    expect(messages(productInputSchema.safeParse(validInput({ price: -1 })))).toContain(PRODUCT_MSG.priceMin);
    expect(messages(productInputSchema.safeParse(validInput({ stock: -5 })))).toContain(PRODUCT_MSG.stockMin);
    expect(messages(productInputSchema.safeParse(validInput({ label: '  ' })))).toContain('Titel is verplicht!');
    expect(messages(productInputSchema.safeParse(validInput({ label: undefined })))).toContain('Titel is verplicht!');
    const bad = validInput({ flex: { hotels: [HOTELS.length], bulletpoints: [] } });
    expect(messages(productInputSchema.safeParse(bad))).toContain(PRODUCT_MSG.hotelInvalid);
    expect(messages(productInputSchema.safeParse(validInput({ flex: { hotels: [1, 1] } })))).toContain(PRODUCT_MSG.hotelTwice);
  });

  it('needs a label per bulletpoint, priority ≥ 0, class 0/1 and country BE/NL', () => {
    const flex = (f: Record<string, unknown>) => validInput({ flex: { hotels: [0], ...f } });
    expect(messages(productInputSchema.safeParse(flex({ bulletpoints: [{ label: '' }] })))).toContain('Label is verplicht!');
    expect(messages(productInputSchema.safeParse(flex({ priority: -1 })))).toContain(PRODUCT_MSG.priorityMin);
    expect(messages(productInputSchema.safeParse(flex({ type_class: 2 })))).toContain(PRODUCT_MSG.typeClass);
    expect(messages(productInputSchema.safeParse(validInput({ region: 'DE' })))).toContain('Land is verplicht!');
  });

  it('requires period, payment deadline and hotels for Umrah trips, in order', () => {
    const noDates = validInput({ start: null, end: undefined, payment_deadline: '', flex: { hotels: [] } });
    expect(messages(productInputSchema.safeParse(noDates))).toEqual(
      expect.arrayContaining([PRODUCT_MSG.period, PRODUCT_MSG.deadline, PRODUCT_MSG.hotels]),
    );
    expect(messages(productInputSchema.safeParse(validInput({ end: '2027-03-01' })))).toContain(PRODUCT_MSG.periodOrder);
    expect(messages(productInputSchema.safeParse(validInput({ payment_deadline: '2027-03-11' })))).toContain(PRODUCT_MSG.deadlineOrder);
    expect(messages(productInputSchema.safeParse(validInput({ start: '2027-02-30' })))).toContain(PRODUCT_MSG.dateInvalid);
  });

  it('lets lessons and plain products go without dates and hotels', () => {
    const lesson = productInputSchema.parse(validInput({ type: 11, start: null, end: null, payment_deadline: null, flex: {} }));
    expect(lesson.start).toBeNull();
    expect(productInputSchema.safeParse(validInput({ type: 15 })).success).toBe(false);
  });

  it('takes a list of at least one product', () => {
    expect(messages(productListInputSchema.safeParse([]))).toContain('Minimaal 1 item!');
    expect(productListInputSchema.safeParse([validInput(), validInput({ type: 3 })]).success).toBe(true);
  });
});

describe('product form', () => {
  const form = (over: Record<string, unknown> = {}) => ({
    ...emptyProductForm('BE'),
    types: [2, 3, 4],
    label: 'Umrah april',
    description: 'Mooie reis',
    price: 1250.5,
    stock: 10,
    start: '2027-04-10',
    end: '2027-04-24',
    payment_deadline: '2027-03-01',
    hotels: [1, 4],
    bulletpoints: [{ label: 'Vlucht', description: '' }],
    extras: [{ label: 'Ziyarat Taif', price: 45 }],
    ...over,
  });

  it('requires the fields of docs/RULES.md, Validation with Dutch messages', () => {
    const r = productFormSchema.safeParse(emptyProductForm('NL'));
    expect(messages(r)).toEqual(expect.arrayContaining(['Type is verplicht!', 'Titel is verplicht!', 'Beschrijving is verplicht!']));
    expect(messages(productFormSchema.safeParse(form({ price: -0.01 })))).toContain(PRODUCT_MSG.priceMin);
    expect(messages(productFormSchema.safeParse(form({ stock: '' })))).toContain(PRODUCT_MSG.stock);
    expect(messages(productFormSchema.safeParse(form({ hotels: [] })))).toContain(PRODUCT_MSG.hotels);
    expect(messages(productFormSchema.safeParse(form({ start: null })))).toContain(PRODUCT_MSG.period);
  });

  it('makes one API product per chosen type, in cents, that the API schema accepts', () => {
    const inputs = productFormToInputs(productFormSchema.parse(form()));
    expect(inputs.map((i) => i.type)).toEqual([2, 3, 4]);
    expect(inputs[0]?.price).toBe(125050);
    expect(inputs[0]?.flex?.extras).toEqual([{ label: 'Ziyarat Taif', price: 4500 }]);
    expect(productListInputSchema.safeParse(inputs).success).toBe(true);
  });

  it('allows one type only when editing, and round-trips a product', () => {
    expect(messages(productEditFormSchema.safeParse(form()))).toContain(PRODUCT_MSG.oneTypeOnEdit);
    const dto: ProductDto = {
      product_id: 7,
      id: 7,
      type: 5,
      label: 'x',
      description: 'y',
      start: '2027-04-10',
      end: '2027-04-24',
      payment_deadline: '2027-03-01',
      stock: 3,
      price: 99999,
      is_active: false,
      region: 'NL',
      currency: 'EUR',
      created_at: '2026-01-01T00:00:00.000Z',
      flex: { hotels: [2], bulletpoints: [], priority: 2, type_class: 1, extras: [{ label: 'e', price: 1000 }], region: 'NL' },
    };
    const values = productToFormValues(dto);
    expect(values.price).toBe(999.99);
    const [back] = productFormToInputs(productEditFormSchema.parse(values));
    expect(back).toMatchObject({ type: 5, price: 99999, is_active: false, flex: { type_class: 1, priority: 2, extras: [{ price: 1000 }] } });
  });
});
