import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CatalogPackage, PackagePrice } from '@umrah/domain/catalog';
import { setToken } from '../../lib/api';
import { demoUser, fakeJwt, jsonResponse, renderApp } from '../../test/render';
import { ADMIN_CART_KEY, CART_KEY, readCart } from '../cart/cartStorage';
import type { UmrahEntry } from '../cart/types';
import { RoomWizard, type RoomWizardProps } from './RoomWizard';

const price = (productId: number, cents: number, stock = 10): PackagePrice => ({ productId, price: cents, stock });

function makePackage(prices: Partial<CatalogPackage['prices']> = {}): CatalogPackage {
  return {
    key: 'test',
    label: 'Umrah testreis Firstclass',
    description: '',
    start: '2099-01-10',
    end: '2099-01-24',
    payment_deadline: null,
    type_class: 0,
    priority: 0,
    hotels: [],
    bulletpoints: [],
    extras: [],
    fromPrice: 164500,
    stock: 100,
    prices: {
      2: { 0: price(21, 189500), 1: price(22, 149500), 2: price(23, 45000) },
      3: { 0: price(31, 174500), 1: price(32, 139500), 2: price(33, 45000) },
      4: { 0: price(41, 164500), 1: price(42, 129500), 2: price(43, 45000) },
      ...prices,
    },
    productIds: [21, 22, 23, 31, 32, 33, 41, 42, 43],
  };
}

// Mantine renders are slow on a shared 2-core machine.
vi.setConfig({ testTimeout: 30_000 });

const fetchMock = vi.fn<typeof fetch>();
const previewBody = {
  lines: [
    {
      kind: 'room',
      product_id: 21,
      label: 'Umrah testreis – 2-persoonskamer, volwassene: Yusuf Bakker',
      quantity: 1,
      unit_price: 189500,
      total: 189500,
      room: 0,
      guest: 0,
    },
    {
      kind: 'exclusive_room',
      product_id: 999,
      label: 'Exclusief gebruik 2-persoonskamer: Yusuf Bakker',
      quantity: 1,
      unit_price: 85000,
      total: 85000,
      room: 0,
      guest: 0,
    },
  ],
  subtotal: 274500,
  discount_total: 0,
  donation_total: 0,
  total_price: 274500,
  discounts: [],
  amount_to_pay: 274500,
};

/** Answers GET /api/user (when a token is stored) and POST /api/order/preview. */
function serve(role: 0 | 1 | null = null) {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.startsWith('/api/user')) return role === null ? jsonResponse({ message: 'Log in' }, 401) : jsonResponse(demoUser(role));
    if (url.startsWith('/api/order/preview')) return jsonResponse(previewBody);
    return jsonResponse({ message: 'onbekend' }, 404);
  });
  if (role !== null) setToken(fakeJwt());
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  setToken(null);
});

function renderWizard(props: Partial<RoomWizardProps> = {}, route = '/pakketten') {
  const onClose = vi.fn();
  const view = renderApp(<RoomWizard pkg={makePackage()} region="NL" onClose={onClose} {...props} />, { path: route, route });
  return { ...view, onClose };
}

const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));
const guest = (n: number) => screen.getByRole('group', { name: `Gast ${n}` });
const fillGuest = (n: number, first: string, last: string) => {
  fireEvent.change(within(guest(n)).getByLabelText(/Voornaam/), { target: { value: first } });
  fireEvent.change(within(guest(n)).getByLabelText(/Achternaam/), { target: { value: last } });
};
const chooseRoom = (size: string, kind: string) => {
  click(size);
  click(kind);
  click('Volgende');
};
const isDisabled = (el: HTMLElement) => (el as HTMLButtonElement | HTMLInputElement).disabled;

describe('room wizard, step 1: size and kind', () => {
  it('requires both choices with the messages of docs/RULES.md, Validation', () => {
    serve();
    renderWizard();
    click('Volgende');
    expect(screen.getByText('Kamer type is verplicht!')).toBeTruthy();
    expect(screen.getByText('Kamer soort is verplicht!')).toBeTruthy();
    click('2 personen');
    expect(screen.queryByText('Kamer type is verplicht!')).toBeNull();
    expect(screen.getByText('Kamer soort is verplicht!')).toBeTruthy();
  });

  it('disables a size without a stocked product of that room type for the trip', () => {
    serve();
    renderWizard({
      pkg: makePackage({
        3: { 0: price(31, 174500, 0), 1: price(32, 139500, 0), 2: null },
        // Only child products left for the 4-person room: it is for adults only, so it is disabled too.
        4: { 0: null, 1: price(42, 129500, 5), 2: null },
      }),
    });
    expect(isDisabled(screen.getByRole('button', { name: '2 personen' }))).toBe(false);
    expect(isDisabled(screen.getByRole('button', { name: '3 personen (uitverkocht)' }))).toBe(true);
    expect(isDisabled(screen.getByRole('button', { name: '4 personen (uitverkocht)' }))).toBe(true);
  });
});

describe('room wizard, step 2: guests', () => {
  it('fills a mix room with as many adults as it has beds; adults can be added only while a bed is free', () => {
    serve();
    renderWizard();
    chooseRoom('2 personen', 'Mix/familie');
    expect(screen.getAllByTestId('gast')).toHaveLength(2);
    expect(isDisabled(screen.getByRole('button', { name: 'Volwassene toevoegen' }))).toBe(true);
    expect(isDisabled(screen.getByRole('button', { name: 'Kind of baby toevoegen' }))).toBe(false);

    click('Kind of baby toevoegen');
    const bed = within(guest(3)).getByLabelText('Eigen bed') as HTMLInputElement;
    expect(bed.checked).toBe(false);
    expect(bed.disabled).toBe(true);
    // Adults always have a bed: the box is checked and locked for them.
    const adultBed = within(guest(1)).getByLabelText('Eigen bed') as HTMLInputElement;
    expect(adultBed.checked && adultBed.disabled).toBe(true);
    // The child cannot become an adult while every bed is taken.
    const adultOption = within(guest(3)).getByRole('option', { name: /Volwassene/ }) as HTMLOptionElement;
    expect(adultOption.disabled).toBe(true);

    // With a bed free again the child may take it, and another adult may be added.
    fireEvent.click(screen.getByRole('button', { name: 'Gast 2 verwijderen' }));
    const childBed = within(guest(2)).getByLabelText('Eigen bed') as HTMLInputElement;
    expect(childBed.disabled).toBe(false);
    expect(isDisabled(screen.getByRole('button', { name: 'Volwassene toevoegen' }))).toBe(false);
    fireEvent.click(childBed);
    expect((within(guest(2)).getByLabelText('Eigen bed') as HTMLInputElement).checked).toBe(true);
    expect(isDisabled(screen.getByRole('button', { name: 'Volwassene toevoegen' }))).toBe(true);
  });

  it("asks for every bed of a mix room: 'Er moet(en) minimaal 3 bed(den) gevuld zijn in deze kamer.'", () => {
    serve();
    renderWizard();
    chooseRoom('3 personen', 'Mix/familie');
    fireEvent.click(screen.getByRole('button', { name: 'Gast 3 verwijderen' }));
    click('Volgende');
    expect(screen.getByText('Er moet(en) minimaal 3 bed(den) gevuld zijn in deze kamer.')).toBeTruthy();
    expect(screen.getAllByText('Voornaam is verplicht!')).toHaveLength(2);
    expect(screen.getAllByText('Achternaam is verplicht!')).toHaveLength(2);
    expect(screen.getAllByText('Geslacht is verplicht!')).toHaveLength(2);
    // A child without bed does not fill a bed.
    click('Kind of baby toevoegen');
    expect((within(guest(3)).getByLabelText('Eigen bed') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(guest(3)).getByLabelText('Eigen bed'));
    expect(screen.getByText('Er moet(en) minimaal 3 bed(den) gevuld zijn in deze kamer.')).toBeTruthy();
    fireEvent.click(within(guest(3)).getByLabelText('Eigen bed'));
    expect(screen.queryByText('Er moet(en) minimaal 3 bed(den) gevuld zijn in deze kamer.')).toBeNull();
  });

  it('offers the exclusive option only for a male or female 2-person room with one guest, and drops it with more guests', () => {
    serve();
    renderWizard();
    chooseRoom('2 personen', 'Mannen');
    expect(screen.getAllByTestId('gast')).toHaveLength(1);
    const exclusive = () => screen.queryByLabelText('Exclusief gebruik van deze kamer') as HTMLInputElement | null;
    fireEvent.click(exclusive()!);
    expect(exclusive()!.checked).toBe(true);
    click('Volwassene toevoegen');
    expect(exclusive()).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Gast 2 verwijderen' }));
    expect(exclusive()!.checked).toBe(false);

    click('Vorige');
    click('Mix/familie');
    click('Volgende');
    expect(exclusive()).toBeNull();
    click('Vorige');
    click('3 personen');
    click('Vrouwen');
    click('Volgende');
    expect(screen.getAllByTestId('gast')).toHaveLength(1);
    expect(exclusive()).toBeNull();
  });

  it('keeps the 4-person room for adults', () => {
    serve();
    renderWizard();
    chooseRoom('4 personen', 'Vrouwen');
    expect(screen.queryByRole('button', { name: 'Kind of baby toevoegen' })).toBeNull();
    const options = within(guest(1)).getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((o) => [o.textContent, o.disabled])).toEqual([
      ['Volwassene (13+ jaar)', false],
      ['Kind (2-12 jaar)', true],
      ['Baby (0-24 maanden)', true],
    ]);
  });

  it('places no more guests than the order modal’s guest count allows', () => {
    serve();
    renderWizard({ guestLimit: 1 });
    chooseRoom('3 personen', 'Mix/familie');
    expect(screen.getAllByTestId('gast')).toHaveLength(1);
    expect(isDisabled(screen.getByRole('button', { name: 'Volwassene toevoegen' }))).toBe(true);
    expect(isDisabled(screen.getByRole('button', { name: 'Kind of baby toevoegen' }))).toBe(true);
  });
});

describe('room wizard, step 3: confirmation', () => {
  it('prices the room on the server and puts it in the cart with Afrekenen', async () => {
    serve();
    const { router, onClose } = renderWizard();
    chooseRoom('2 personen', 'Mannen');
    fillGuest(1, 'Yusuf', 'Bakker');
    fireEvent.click(screen.getByLabelText('Exclusief gebruik van deze kamer'));
    click('Volgende');
    expect((await screen.findByTestId('kamer-totaal')).textContent).toBe('€ 2.745,-');

    const call = fetchMock.mock.calls.find(([url]) => String(url).startsWith('/api/order/preview'))!;
    const body = JSON.parse(String(call[1]!.body)) as { rooms: Record<string, unknown>[] };
    expect(body.rooms).toEqual([
      expect.objectContaining({
        product_id: 21,
        room_type: 2,
        room_gender: 0,
        exclusive: true,
        guests: [
          expect.objectContaining({
            first_name: 'Yusuf',
            last_name: 'Bakker',
            age_category: 0,
            gender: 0,
            bed_included: true,
            european_passport: true,
          }),
        ],
      }),
    ]);
    // A visitor who is not logged in can go on to register; only admins get the admin cart button.
    expect(screen.getByRole('button', { name: 'Verder naar registreren' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Volgende (Admin)' })).toBeNull();

    click('Afrekenen');
    expect(await screen.findByText('Product is toegevoegd in je winkelwagen!')).toBeTruthy();
    const cart = readCart<UmrahEntry>(CART_KEY);
    expect(cart).toHaveLength(1);
    expect(cart[0]).toMatchObject({
      type: 'umrah',
      product_id: 21,
      room_type: 2,
      exclusive: true,
      trip: { label: 'Umrah testreis Firstclass', region: 'NL' },
    });
    expect(onClose).toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/afrekenen');
  });

  it("shows 'Volgende (Admin)' to admins, which fills the admin cart; not on /winkelwagen", async () => {
    serve(1);
    const first = renderWizard();
    chooseRoom('2 personen', 'Vrouwen');
    fillGuest(1, 'Amina', 'Bakker');
    click('Volgende');
    await screen.findByTestId('kamer-totaal');
    fireEvent.click(await screen.findByRole('button', { name: 'Volgende (Admin)' }));
    expect(screen.queryByRole('button', { name: 'Verder naar registreren' })).toBeNull();
    expect(readCart(ADMIN_CART_KEY)).toHaveLength(1);
    expect(readCart(CART_KEY)).toHaveLength(0);
    expect(first.router.state.location.pathname).toBe('/admin-winkelwagen');
    first.unmount();

    renderWizard({}, '/winkelwagen');
    chooseRoom('2 personen', 'Vrouwen');
    fillGuest(1, 'Amina', 'Bakker');
    click('Volgende');
    await screen.findByTestId('kamer-totaal');
    // The admin is loaded (no registration offered), and still no admin cart button here.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Verder naar registreren' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Afrekenen' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Volgende (Admin)' })).toBeNull();
  });
});
