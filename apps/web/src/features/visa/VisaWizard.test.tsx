import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VisaOrderDto } from '@umrah/domain/validation/visa';
import { jsonResponse, renderApp, settle } from '../../test/render';
import { VisaWizard } from './VisaWizard';

// Mantine renders are slow on a shared 2-core machine.
vi.setConfig({ testTimeout: 30_000 });
// A role query over the form (with its country lists of ~250 options each) alone can take longer than
// testing-library's default 1 s wait when the whole suite runs on those cores; what is awaited must
// still appear, only later.
configure({ asyncUtilTimeout: 10_000 });

const SIX_MONTHS = 'Vervaldatum zal niet meer geldig zijn bij het aanvragen van een visum, bestel alstublieft een nieuwe met SPOED.';

const order = (over: Partial<VisaOrderDto> = {}): VisaOrderDto => ({
  order_id: 42,
  status: 8,
  eligible: true,
  trip: { label: 'Umrah maart 2027', start: '2027-03-01', end: '2027-03-15' },
  finished: false,
  guests: [
    { id: 11, first_name: 'Ahmed', last_name: 'Yilmaz', gender: 0, age_category: 0, has_documents: false },
    { id: 12, first_name: 'Fatima', last_name: 'Yilmaz', gender: 1, age_category: 0, has_documents: false },
  ],
  ...over,
});

const fetchMock = vi.fn<typeof fetch>();
const posts = (path: string) =>
  fetchMock.mock.calls
    .filter(([input, init]) => String(input) === path && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

let current: VisaOrderDto;
function serve(input: RequestInfo | URL, init?: RequestInit): Response {
  const path = String(input);
  if (path === '/api/order/42/visa') return jsonResponse(current);
  if (path.startsWith('/api/order/guest/update_name/')) return jsonResponse({ status: 'success', message: 'De naam is gewijzigd.' });
  if (path === '/api/order/guest/visa' && init?.method === 'POST') {
    const body = JSON.parse(String(init.body)) as { guest_id: number };
    current = { ...current, guests: current.guests.map((g) => (g.id === body.guest_id ? { ...g, has_documents: true } : g)) };
    return jsonResponse({ status: 'success', message: 'De documenten zijn opgeslagen.' });
  }
  if (path === '/api/order/remind/documents/finish') return jsonResponse({ status: 'success', message: 'Bedankt!' });
  return jsonResponse({ message: 'onbekend' }, 404);
}

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => serve(input, init));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const renderWizard = (o: VisaOrderDto) => {
  current = o;
  return renderApp(<VisaWizard orderId={42} />);
};

const typeDate = (label: string, value: string) => {
  const input = screen.getByRole('textbox', { name: label });
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};

const chooseCountry = async (label: string, name: string) => {
  const input = screen.getByRole('combobox', { name: label });
  input.focus();
  fireEvent.click(input);
  fireEvent.change(input, { target: { value: name } });
  // A role query over 250 options is too slow in jsdom: find the option by its text, in this
  // input's own list (the other selects keep theirs mounted).
  const option = await waitFor(() => {
    const list = document.getElementById(input.getAttribute('aria-controls') ?? '');
    const found = [...(list?.querySelectorAll<HTMLElement>('[role="option"]') ?? [])].find((o) => o.textContent === name);
    if (!found) throw new Error(`no option ${name}`);
    return found;
  });
  fireEvent.click(option);
  await waitFor(() => expect((input as HTMLInputElement).value).toBe(name));
};

describe('VisaWizard', () => {
  it('starts with the introduction and then shows guest 1 of 2', async () => {
    renderWizard(order());
    expect(await screen.findByRole('heading', { name: 'Introductie' })).toBeTruthy();
    expect(screen.getByTestId('visa-progress').textContent).toBe('Introductie');
    fireEvent.click(screen.getByRole('button', { name: 'Beginnen' }));
    expect(await screen.findByRole('heading', { name: 'Reiziger 1 van 2: Ahmed Yilmaz' })).toBeTruthy();
    expect(screen.getByTestId('visa-progress').textContent).toBe('Reiziger 1 van 2');
  });

  it('resumes at the first guest without documents; an earlier one shows the known card', async () => {
    const o = order();
    o.guests = o.guests.map((g, i) => (i === 0 ? { ...g, has_documents: true } : g));
    renderWizard(o);
    expect(await screen.findByRole('heading', { name: 'Reiziger 2 van 2: Fatima Yilmaz' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Vorige' }));
    expect(await screen.findByText('Gegevens zijn al bekend')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Volgende' }));
    expect(await screen.findByRole('heading', { name: 'Reiziger 2 van 2: Fatima Yilmaz' })).toBeTruthy();
  });

  it('shows every required message, the photo one to the letter, and sends nothing', async () => {
    const o = order();
    o.guests = o.guests.map((g, i) => (i === 0 ? { ...g, first_name: '', gender: null } : g));
    renderWizard(o);
    fireEvent.click(await screen.findByRole('button', { name: 'Beginnen' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Opslaan en verder' }));
    for (const message of [
      'Voornaam is verplicht!',
      'Geslacht is verplicht!',
      'Geboortedatum is verplicht!',
      'Nationaliteit is verplicht!',
      'Geboorteland is verplicht!',
      'Geboorteplaats is verplicht!',
      'Paspoortnummer is verplicht!',
      'Uitgiftedatum paspoort is verplicht!',
      'Vervaldatum paspoort is verplicht!',
      'Pasfoto is verplicht !',
    ]) {
      expect(await screen.findByText(message), message).toBeTruthy();
    }
    expect(posts('/api/order/guest/visa')).toHaveLength(0);
    expect(posts('/api/order/guest/update_name/42')).toHaveLength(0);
  });

  it('shows the 6-month message under the expiry date as soon as it is chosen, and cannot continue', async () => {
    renderWizard(order());
    fireEvent.click(await screen.findByRole('button', { name: 'Beginnen' }));
    await screen.findByRole('textbox', { name: 'Vervaldatum paspoort' });
    // Trip starts 01-03-2027 (ends 15-03): the passport must be valid until at least 01-09-2027.
    expect(screen.getByText(/tot minstens 01-09-2027/)).toBeTruthy();
    typeDate('Vervaldatum paspoort', '31-08-2027');
    expect(await screen.findByText(SIX_MONTHS)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan en verder' }));
    await waitFor(() => expect(screen.getAllByText(SIX_MONTHS)).toHaveLength(1));
    expect(posts('/api/order/guest/visa')).toHaveLength(0);
    typeDate('Vervaldatum paspoort', '01-09-2027');
    await waitFor(() => expect(screen.queryByText(SIX_MONTHS)).toBeNull());
  });

  it('saves a guest (name first, then the documents with YYYY-MM-DD dates and a base64 photo) and moves on', async () => {
    renderWizard(order());
    fireEvent.click(await screen.findByRole('button', { name: 'Beginnen' }));
    await screen.findByRole('heading', { name: 'Reiziger 1 van 2: Ahmed Yilmaz' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Achternaam' }), { target: { value: 'Yılmaz' } });
    typeDate('Geboortedatum', '14-03-1988');
    fireEvent.change(screen.getByRole('textbox', { name: 'Geboorteplaats' }), { target: { value: 'Rotterdam' } });
    await chooseCountry('Geboorteland', 'Nederland');
    await chooseCountry('Nationaliteit', 'Marokkaanse');
    fireEvent.change(screen.getByRole('textbox', { name: 'Paspoortnummer' }), { target: { value: 'nx12ab3c4' } });
    typeDate('Uitgiftedatum paspoort', '01-02-2020');
    typeDate('Vervaldatum paspoort', '01-02-2030');
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], 'pasfoto.jpg', { type: 'image/jpeg' });
    const fileInput = document.querySelector('input[type="file"]') as HTMLInputElement;
    await act(async () => {
      fireEvent.change(fileInput, { target: { files: [file] } });
    });
    expect(await screen.findByRole('img', { name: 'Voorbeeld van de pasfoto van Ahmed Yılmaz' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Opslaan en verder' }));
    expect(await screen.findByRole('heading', { name: 'Reiziger 2 van 2: Fatima Yilmaz' })).toBeTruthy();
    expect(posts('/api/order/guest/update_name/42')).toEqual([{ order_id: 42, id: 11, first_name: 'Ahmed', last_name: 'Yılmaz', gender: 0 }]);
    const [visa] = posts('/api/order/guest/visa');
    expect(visa).toMatchObject({
      order_id: 42,
      guest_id: 11,
      gender: 0,
      date_of_birth: '1988-03-14',
      nationality: 'MA',
      city_of_country: 'NL',
      city_of_birth: 'Rotterdam',
      passport_creation_date: '2020-02-01',
      passport_expires: '2030-02-01',
    });
    expect(String(visa?.visa_photo)).toMatch(/^data:image\/jpeg;base64,/);
    // The name change went out before the documents.
    const order_ = fetchMock.mock.calls.map(([input]) => String(input));
    expect(order_.indexOf('/api/order/guest/update_name/42')).toBeLessThan(order_.indexOf('/api/order/guest/visa'));
  });

  it("shows the server's Dutch message and stays on the guest when saving fails", async () => {
    renderWizard(order());
    fetchMock.mockImplementation(async (input, init) =>
      String(input) === '/api/order/guest/visa' ? jsonResponse({ message: 'Pasfoto is te groot (maximaal 5 MB).' }, 413) : serve(input, init),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Beginnen' }));
    await screen.findByRole('textbox', { name: 'Geboortedatum' });
    typeDate('Geboortedatum', '14-03-1988');
    fireEvent.change(screen.getByRole('textbox', { name: 'Geboorteplaats' }), { target: { value: 'Rotterdam' } });
    await chooseCountry('Geboorteland', 'Nederland');
    await chooseCountry('Nationaliteit', 'Nederlandse');
    fireEvent.change(screen.getByRole('textbox', { name: 'Paspoortnummer' }), { target: { value: 'NX12AB3C4' } });
    typeDate('Uitgiftedatum paspoort', '01-02-2020');
    typeDate('Vervaldatum paspoort', '01-02-2030');
    const fileInput = document.querySelector('input[type="file"]') as HTMLInputElement;
    await act(async () => {
      fireEvent.change(fileInput, { target: { files: [new File([new Uint8Array([1, 2, 3])], 'p.png', { type: 'image/png' })] } });
    });
    await screen.findByRole('img', { name: /Voorbeeld van de pasfoto/ });
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan en verder' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Pasfoto is te groot (maximaal 5 MB).');
    expect(screen.getByTestId('visa-progress').textContent).toBe('Reiziger 1 van 2');
  });

  it('refuses a file that is not an image', async () => {
    renderWizard(order());
    fireEvent.click(await screen.findByRole('button', { name: 'Beginnen' }));
    await screen.findByRole('textbox', { name: 'Geboortedatum' });
    const fileInput = document.querySelector('input[type="file"]') as HTMLInputElement;
    await act(async () => {
      fireEvent.change(fileInput, { target: { files: [new File(['%PDF-1.4'], 'paspoort.pdf', { type: 'application/pdf' })] } });
    });
    expect(await screen.findByText('Pasfoto moet een afbeelding zijn (jpg, png of webp).')).toBeTruthy();
  });

  it("opens at 'Afronden' when every guest is in, sends the finish call once and offers home and account", async () => {
    const o = order();
    o.guests = o.guests.map((g) => ({ ...g, has_documents: true }));
    renderWizard(o);
    expect(await screen.findByRole('heading', { name: 'Afronden' })).toBeTruthy();
    await waitFor(() => expect(posts('/api/order/remind/documents/finish')).toEqual([{ order_id: 42 }]));
    expect(screen.getByRole('link', { name: 'Naar home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Naar mijn account' }).getAttribute('href')).toBe('/account/bestellingen/42');
    await settle();
    expect(posts('/api/order/remind/documents/finish')).toHaveLength(1);
  });

  it("shows the API's message for an order that is not eligible, and for one that is not found", async () => {
    renderWizard(order({ eligible: false, message: 'Documenten kunnen pas worden aangeleverd nadat er (aan)betaald is.', guests: [] }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Documenten kunnen pas worden aangeleverd nadat er (aan)betaald is.')).toBeTruthy();
  });

  it('says the order was not found on a 404', async () => {
    current = order();
    fetchMock.mockImplementation(async () => jsonResponse({ message: 'Bestelling niet gevonden.' }, 404));
    renderApp(<VisaWizard orderId={42} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Bestelling niet gevonden.');
  });
});
