import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { setToken } from '../../lib/api';
import { demoUser, fakeJwt, jsonResponse, renderApp } from '../../test/render';
import AdminCartPage from '../../pages/AdminCartPage';
import CartPage from '../../pages/CartPage';
import { cartToOrder } from './order';
import {
  ADMIN_CART_KEY,
  CART_KEY,
  addCartDiscount,
  addCartItem,
  cartDiscounts,
  readCart,
  removeCartDiscount,
  removeCartItem,
  updateCartItem,
  writeCart,
} from './cartStorage';
import type { ArabiaEntry, UmrahEntry } from './types';

const room = (first: string): UmrahEntry => ({
  type: 'umrah',
  product_id: 1001,
  room_type: 2,
  max_guests: 2,
  room_gender: 0,
  exclusive: false,
  extras: [],
  guests: [
    { first_name: first, last_name: 'Bakker', age_category: 0, gender: 0, european_passport: true, bed_included: true, flex: { disabled: false } },
  ],
  trip: { label: 'Umrah december Firstclass', start: '2099-12-10', end: '2099-12-24', type_class: 0, region: 'NL' },
});
const lesson: ArabiaEntry = {
  type: 'arabia',
  id: 2001,
  label: 'Arabisch voor beginners',
  available_days: ['Maandag'],
  available_times: ['09:00-12:00'],
  exclusive: false,
};

// Mantine renders are slow on a shared 2-core machine.
vi.setConfig({ testTimeout: 30_000 });

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  setToken(null);
});

describe('cart storage (add, update at index, remove at index, codes)', () => {
  it('keeps the codes on the cart, never more codes than entries, and the order payload carries them', () => {
    addCartItem(CART_KEY, room('Yusuf'));
    addCartItem(CART_KEY, lesson);
    addCartDiscount(CART_KEY, 'WELKOM50');
    addCartDiscount(CART_KEY, 'EXTRA10');
    expect(cartDiscounts(readCart(CART_KEY))).toEqual(['WELKOM50', 'EXTRA10']);
    expect(cartToOrder(readCart(CART_KEY), false).flex).toMatchObject({ discounts: ['WELKOM50', 'EXTRA10'] });

    // Changing the first entry keeps the codes.
    updateCartItem(CART_KEY, 0, room('Ali'));
    expect(readCart<UmrahEntry>(CART_KEY)[0]?.guests[0]?.first_name).toBe('Ali');
    expect(cartDiscounts(readCart(CART_KEY))).toEqual(['WELKOM50', 'EXTRA10']);

    // One entry left: one code can still be used.
    removeCartItem(CART_KEY, 0);
    expect(readCart<ArabiaEntry>(CART_KEY).map((e) => e.type)).toEqual(['arabia']);
    expect(cartDiscounts(readCart(CART_KEY))).toEqual(['WELKOM50']);

    removeCartDiscount(CART_KEY, 'welkom50');
    expect(cartDiscounts(readCart(CART_KEY))).toEqual([]);
    removeCartItem(CART_KEY, 0);
    expect(readCart(CART_KEY)).toEqual([]);
  });
});

const preview = (total: number, extra: object[] = []) => ({
  lines: [
    {
      kind: 'room',
      product_id: 1001,
      label: 'Umrah december – 2-persoonskamer, volwassene: Yusuf Bakker',
      quantity: 1,
      unit_price: 189500,
      total: 189500,
      room: 0,
      guest: 0,
    },
    ...extra,
  ],
  subtotal: 189500,
  discount_total: 189500 - total,
  donation_total: 0,
  total_price: total,
  discounts: [],
  amount_to_pay: total,
});

describe('/winkelwagen', () => {
  it('shows the empty state', () => {
    renderApp(<CartPage />, { path: '/winkelwagen', route: '/winkelwagen' });
    expect(screen.getByText('Je winkelwagen is leeg.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's total, the voucher errors and an applied code", async () => {
    writeCart(CART_KEY, [room('Yusuf')]);
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      const body = JSON.parse(String(init?.body ?? '{}')) as { label?: string; flex?: { discounts?: string[] } };
      if (url.startsWith('/api/order/preview')) {
        return body.flex?.discounts?.includes('WELKOM50')
          ? jsonResponse(
              preview(184500, [
                {
                  kind: 'voucher',
                  product_id: null,
                  label: 'Kortingscode WELKOM50',
                  quantity: 1,
                  unit_price: -5000,
                  total: -5000,
                  room: null,
                  guest: null,
                },
              ]),
            )
          : jsonResponse(preview(189500));
      }
      if (url.startsWith('/api/requestVoucher')) {
        if (body.label === 'BESTAATNIET') return jsonResponse({ error: 'Not Found', message: 'Deze kortingscode bestaat niet.' }, 404);
        if (body.label === 'VERLOPEN') return jsonResponse({ error: 'Bad Request', message: 'Kortingscode is verlopen.' }, 400);
        return jsonResponse({
          message: 'Kortingscode succesvol toegevoegd.',
          voucher: { id: 2, label: 'WELKOM50', amount: 5000, expire_date: null, active: true, flex: { products: [] }, created_at: '' },
        });
      }
      return jsonResponse({}, 404);
    });
    renderApp(<CartPage />, { path: '/winkelwagen', route: '/winkelwagen' });
    expect((await screen.findByTestId('winkelwagen-totaal')).textContent).toBe('€ 1.895,-');
    expect(screen.getByText('Yusuf Bakker (Volwassene)')).toBeTruthy();

    const code = screen.getByRole('textbox', { name: 'Kortingscode' });
    const apply = () => fireEvent.click(screen.getByRole('button', { name: 'Toevoegen' }));
    apply();
    expect(await screen.findByText('Code is verplicht!')).toBeTruthy();
    fireEvent.change(code, { target: { value: 'BESTAATNIET' } });
    apply();
    expect(await screen.findByText('Deze kortingscode bestaat niet.')).toBeTruthy();
    fireEvent.change(code, { target: { value: 'VERLOPEN' } });
    apply();
    expect(await screen.findByText('Kortingscode is verlopen.')).toBeTruthy();
    fireEvent.change(code, { target: { value: 'welkom50' } });
    apply();
    expect(await screen.findByText('Kortingscode succesvol toegevoegd.')).toBeTruthy();
    expect(cartDiscounts(readCart(CART_KEY))).toEqual(['WELKOM50']);
    expect(await screen.findByText('€ 1.845,-')).toBeTruthy();
    // The same code twice is refused without asking the server.
    const calls = fetchMock.mock.calls.length;
    fireEvent.change(code, { target: { value: 'WELKOM50' } });
    apply();
    expect(await screen.findByText('Kortingscode kan niet vaker worden gebruikt.')).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([u]) => String(u).startsWith('/api/requestVoucher')).length).toBe(3);
    expect(fetchMock.mock.calls.length).toBe(calls);

    // Removing the only entry empties the cart.
    fireEvent.click(screen.getByRole('button', { name: 'Item 1 verwijderen' }));
    expect(await screen.findByText('Je winkelwagen is leeg.')).toBeTruthy();
  });

  it('edits a lesson’s availability with the shared schema', async () => {
    writeCart(CART_KEY, [lesson]);
    fetchMock.mockImplementation(async () => jsonResponse(preview(2500)));
    renderApp(<CartPage />, { path: '/winkelwagen', route: '/winkelwagen' });
    fireEvent.click(screen.getByRole('button', { name: 'Item 1 wijzigen' }));
    const modal = await screen.findByRole('dialog', { name: 'Les wijzigen' });
    fireEvent.click(within(modal).getByLabelText('Maandag'));
    fireEvent.click(within(modal).getByLabelText('09:00-12:00'));
    fireEvent.click(within(modal).getByRole('button', { name: 'Opslaan' }));
    expect(await within(modal).findByText('Beschikbare dagen zijn verplicht!')).toBeTruthy();
    expect(within(modal).getByText('Beschikbare tijdsloten zijn verplicht!')).toBeTruthy();
    fireEvent.click(within(modal).getByLabelText('Woensdag'));
    fireEvent.click(within(modal).getByLabelText('Dinsdag'));
    fireEvent.click(within(modal).getByLabelText('18:00-21:00'));
    fireEvent.click(within(modal).getByRole('button', { name: 'Opslaan' }));
    expect(readCart<ArabiaEntry>(CART_KEY)[0]).toMatchObject({ available_days: ['Dinsdag', 'Woensdag'], available_times: ['18:00-21:00'] });
  });
});

describe('/admin-winkelwagen', () => {
  it("refuses to order without a user ('Selecteer een gebruiker') or items ('Winkelwagen is leeg')", async () => {
    setToken(fakeJwt());
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.startsWith('/api/users')) return jsonResponse({ users: [demoUser(0)], total: 1, page: 1, pageSize: 25 });
      if (url.startsWith('/api/user')) return jsonResponse(demoUser(1));
      return jsonResponse({}, 404);
    });
    renderApp(<AdminCartPage />, { path: '/admin-winkelwagen', route: '/admin-winkelwagen' });
    expect(screen.getByText('De admin winkelwagen is leeg.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Bestellen' }));
    expect(await screen.findByText('Selecteer een gebruiker')).toBeTruthy();
    expect(screen.getByText('Winkelwagen is leeg')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([u]) => String(u).startsWith('/api/order'))).toBe(false);
    expect(readCart(ADMIN_CART_KEY)).toEqual([]);
  });
});
