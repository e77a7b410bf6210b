import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import type { CrowdfundDto } from '@umrah/domain/validation/crowdfund';
import { setToken } from '../../lib/api';
import HomePage from '../../pages/HomePage';
import AdminCartPage from '../../pages/AdminCartPage';
import { demoUser, fakeJwt, jsonResponse, renderApp, settle } from '../../test/render';
import { ADMIN_CART_KEY, CART_KEY, readCart } from '../cart';
import { DONATION_ADDED_MESSAGE } from './DonateModal';

// Mantine renders are slow on a shared 2-core machine.
vi.setConfig({ testTimeout: 30_000 });

const waterput: CrowdfundDto = {
  id: 7,
  label: 'Waterput in Senegal',
  description: 'Samen bouwen we een waterput voor een dorp in Senegal.',
  goal_amount: 500000,
  funded_amount: 25000,
  remaining: 475000,
  is_active: true,
};
const reached: CrowdfundDto = { ...waterput, id: 8, label: 'Schoolboeken', description: '', goal_amount: 10000, funded_amount: 10000, remaining: 0 };

type Previewed = { crowdfunds: { funding_id: number; funding_amount: number }[] };
const fetchMock = vi.fn<typeof fetch>();
let previews: Previewed[];

function serve(funds: CrowdfundDto[], preview: (body: Previewed) => Response = () => jsonResponse({ total_price: 0 })) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.startsWith('/api/crowdfunds')) return jsonResponse({ crowdfunds: funds });
    if (url.startsWith('/api/order/preview')) {
      const body = JSON.parse(String(init?.body)) as Previewed;
      previews.push(body);
      return preview(body);
    }
    if (url.startsWith('/api/users')) return jsonResponse({ users: [demoUser(0)], total: 1, page: 1, pageSize: 25 });
    if (url.startsWith('/api/user')) return jsonResponse(demoUser(1));
    return jsonResponse({}, 404);
  });
}

beforeEach(() => {
  previews = [];
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  notifications.clean();
  vi.unstubAllGlobals();
  setToken(null);
});

const amountField = (modal: HTMLElement) => within(modal).getByLabelText(/Bedrag/) as HTMLInputElement;
const type = (modal: HTMLElement, value: string) => fireEvent.change(amountField(modal), { target: { value } });
const submit = (modal: HTMLElement) => fireEvent.click(within(modal).getByRole('button', { name: 'In winkelwagen' }));

describe('home page donations', () => {
  it('shows a card per active crowdfund with its progress and what is still needed', async () => {
    serve([waterput, reached]);
    renderApp(<HomePage />);
    const card = await screen.findByRole('article', { name: 'Waterput in Senegal' });
    expect(within(card).getByTestId('nog-nodig').textContent).toBe('nog € 4.750,- nodig');
    expect(card.textContent).toContain('€ 250,- van € 5.000,-');
    expect(within(card).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('5');
    expect(within(card).getByRole('button', { name: 'Doneren' }).hasAttribute('disabled')).toBe(false);

    const done = screen.getByRole('article', { name: 'Schoolboeken' });
    expect(within(done).getByTestId('nog-nodig').textContent).toBe('Doel bereikt!');
    expect(within(done).getByRole('button', { name: 'Doneren' }).hasAttribute('disabled')).toBe(true);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/crowdfunds');
  });

  it('leaves the section out when there is no active crowdfund', async () => {
    serve([]);
    renderApp(<HomePage />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await settle();
    expect(screen.queryByRole('heading', { name: 'Doneer aan een goed doel' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Waarom met ons op Umrah?' })).toBeTruthy();
  });

  it('checks the amount with the donation rules, then puts a fund entry in the cart with a notification', async () => {
    serve([waterput]);
    renderApp(<HomePage />);
    const card = await screen.findByRole('article', { name: 'Waterput in Senegal' });
    fireEvent.click(within(card).getByRole('button', { name: 'Doneren' }));
    const modal = await screen.findByRole('dialog', { name: 'Doneren' });
    expect(modal.textContent).toContain('Waterput in Senegal');

    submit(modal);
    expect(await within(modal).findByText('Bedrag is verplicht!')).toBeTruthy();
    type(modal, '0');
    submit(modal);
    expect(await within(modal).findByText('Bedrag moet boven 0 zijn')).toBeTruthy();
    type(modal, '4750.01');
    submit(modal);
    expect(await within(modal).findByText('Bedrag moet lager zijn dan € 4.750,-')).toBeTruthy();
    // Refused in the browser: nothing asked of the server, nothing in the cart.
    expect(previews).toEqual([]);
    expect(readCart(CART_KEY)).toEqual([]);

    type(modal, '25');
    submit(modal);
    expect(await screen.findByText(DONATION_ADDED_MESSAGE)).toBeTruthy();
    expect(previews).toEqual([{ crowdfunds: [{ funding_id: 7, funding_amount: 2500 }] }]);
    expect(readCart(CART_KEY)).toEqual([{ type: 'fund', id: 7, value: 2500, label: 'Waterput in Senegal', remaining: 475000 }]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Doneren' })).toBeNull());
  });

  it("shows the server's refusal (another donation took the rest) and adds nothing", async () => {
    serve([waterput], () => jsonResponse({ error: 'Bad Request', message: 'Bedrag moet lager zijn dan € 100,-' }, 400));
    renderApp(<HomePage />);
    fireEvent.click(within(await screen.findByRole('article', { name: 'Waterput in Senegal' })).getByRole('button', { name: 'Doneren' }));
    const modal = await screen.findByRole('dialog', { name: 'Doneren' });
    type(modal, '250');
    submit(modal);
    expect(await within(modal).findByText('Bedrag moet lager zijn dan € 100,-')).toBeTruthy();
    expect(previews).toHaveLength(1);
    expect(readCart(CART_KEY)).toEqual([]);
    expect(screen.queryByText(DONATION_ADDED_MESSAGE)).toBeNull();
  });
});

describe('/admin-winkelwagen donations', () => {
  it("'Donatie toevoegen' picks a crowdfund and adds the donation to the admin cart", async () => {
    setToken(fakeJwt());
    serve([waterput, reached], () => jsonResponse({ total_price: 5000 }));
    renderApp(<AdminCartPage />, { path: '/admin-winkelwagen', route: '/admin-winkelwagen' });
    const button = await screen.findByRole('button', { name: 'Donatie toevoegen' });
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    fireEvent.click(button);
    // jsdom has no layout: Mantine hides the positioned dropdown as 'detached', so hidden items are searched too.
    const reachedItem = await screen.findByRole('menuitem', { name: 'Schoolboeken (Doel bereikt!)', hidden: true });
    expect(reachedItem.hasAttribute('disabled') || reachedItem.getAttribute('data-disabled') === 'true').toBe(true);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Waterput in Senegal (nog € 4.750,- nodig)', hidden: true }));
    const modal = await screen.findByRole('dialog', { name: 'Doneren' });
    type(modal, '50');
    submit(modal);
    expect(await screen.findByText(DONATION_ADDED_MESSAGE)).toBeTruthy();
    expect(readCart(ADMIN_CART_KEY)).toEqual([{ type: 'fund', id: 7, value: 5000, label: 'Waterput in Senegal', remaining: 475000 }]);
    expect(readCart(CART_KEY)).toEqual([]);
  });
});
