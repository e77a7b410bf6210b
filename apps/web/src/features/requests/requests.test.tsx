import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError, setToken } from '../../lib/api';
import { UNKNOWN_ERROR_MESSAGE, answerErrorMessage, checkedAnswer } from '../../lib/answer';
import { demoUser, fakeJwt, jsonResponse, renderApp } from '../../test/render';
import { buildChatUrl } from '../chat/ChatWidget';
import { requestErrorMessage } from './api';
import { CustomTripForm, customTripBody, type CustomTripValues } from './CustomTripForm';
import { MoroccoRequestForm } from './MoroccoRequestForm';

// The captcha widget needs a real browser (web worker, crypto): a button stands in for a solved one.
vi.mock('../auth/Altcha', () => ({
  Altcha: ({ onChange, error }: { onChange: (p: string) => void; error?: string | null }) => (
    <div>
      <button type="button" onClick={() => onChange('opgelost')}>
        Captcha oplossen
      </button>
      {error && <p role="alert">{error}</p>}
    </div>
  ),
}));

vi.setConfig({ testTimeout: 30_000 });

const SENT = 'Er zal binnen 5 tot 7 dagen contact opgenomen worden.';
const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const posted = (path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url) === path && init?.method === 'POST').map(([, init]) => JSON.parse(String(init?.body)));

describe('Morocco request form', () => {
  it('shows every required-field message of docs/RULES.md, Validation and sends nothing', async () => {
    renderApp(<MoroccoRequestForm onDone={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Aanvraag versturen' }));
    for (const msg of [
      'De keuze van het jaar is verplicht!',
      'Email is verplicht!',
      'Voornaam is verplicht!',
      'Achternaam is verplicht!',
      'Geboortedatum is verplicht!',
      'Nationaliteit is verplicht!',
      'Telefoonnummer is verplicht!',
      'Adres is verplicht!',
      'Postcode is verplicht!',
      'Woonplaats is verplicht!',
      'Land is verplicht!',
      'Verifieer dat u geen robot bent!',
    ])
      expect(await screen.findByText(msg)).toBeTruthy();
    expect(posted('/api/contact/individual_hadj')).toHaveLength(0);
  });

  it("sends a logged-in customer's details with the chosen period, shows the success text 5 seconds, then closes", async () => {
    setToken(fakeJwt());
    fetchMock.mockImplementation(async (url) =>
      String(url) === '/api/contact/individual_hadj' ? jsonResponse({ status: 'success', message: SENT }) : jsonResponse(demoUser()),
    );
    const onDone = vi.fn();
    renderApp(<MoroccoRequestForm onDone={onDone} />);
    await waitFor(() => expect((screen.getByLabelText('Voornaam') as HTMLInputElement).value).toBe('Ahmed'));
    fireEvent.click(screen.getByPlaceholderText('Kies een periode'));
    fireEvent.click(await screen.findByRole('option', { name: 'Herfstvakantie', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Captcha oplossen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Aanvraag versturen' }));
    expect((await screen.findByRole('status')).textContent).toContain(SENT);
    const sentAt = Date.now();
    const [body] = posted('/api/contact/individual_hadj');
    expect(body).toEqual({
      desired_year: 'herfstvakantie',
      email: 'klant@example.nl',
      first_name: 'Ahmed',
      last_name: 'Yilmaz',
      date_of_birth: '1990-03-15',
      nationality: 'Nederlandse',
      phone_number: '0612345678',
      address: 'Damrak 1',
      zip: '1012 LG',
      city: 'Amsterdam',
      country: 'Nederland',
      altcha: 'opgelost',
    });
    expect(onDone).not.toHaveBeenCalled();
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1), { timeout: 7000 });
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(4500);
  });

  it("shows the server's Dutch message and asks for a new captcha after a refusal", async () => {
    setToken(fakeJwt());
    fetchMock.mockImplementation(async (url) =>
      String(url) === '/api/contact/individual_hadj'
        ? jsonResponse({ error: 'Too Many Requests', message: 'Te veel pogingen. Probeer het over een paar minuten opnieuw.' }, 429)
        : jsonResponse(demoUser()),
    );
    renderApp(<MoroccoRequestForm onDone={() => {}} />);
    await waitFor(() => expect((screen.getByLabelText('Voornaam') as HTMLInputElement).value).toBe('Ahmed'));
    fireEvent.click(screen.getByPlaceholderText('Kies een periode'));
    fireEvent.click(await screen.findByRole('option', { name: 'November', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Captcha oplossen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Aanvraag versturen' }));
    expect(await screen.findByText('Te veel pogingen. Probeer het over een paar minuten opnieuw.')).toBeTruthy();
    // The used captcha is gone: sending again needs a new one.
    fireEvent.click(screen.getByRole('button', { name: 'Aanvraag versturen' }));
    expect(await screen.findByText('Verifieer dat u geen robot bent!')).toBeTruthy();
    expect(posted('/api/contact/individual_hadj')).toHaveLength(1);
  });
});

describe("'Umrah op maat' form", () => {
  it('asks a visitor without an account for period, rooms, personal details and a password', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ message: 'Niet gevonden' }, 404));
    renderApp(<CustomTripForm onDone={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Aanvraag versturen' }));
    for (const msg of [
      'Periode is verplicht!',
      'Email is verplicht!',
      'Voornaam is verplicht!',
      'Land is verplicht!',
      'Wachtwoord is verplicht',
      'Verifieer dat u geen robot bent!',
    ])
      expect(await screen.findByText(msg)).toBeTruthy();
    // A count emptied: 'Aantal is verplicht!'; every room removed: 'Minimaal 1 item!'.
    fireEvent.change(screen.getByLabelText('Kinderen'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Aanvraag versturen' }));
    expect(await screen.findByText('Aantal is verplicht!')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Kamer 1 verwijderen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Aanvraag versturen' }));
    expect(await screen.findByText('Minimaal 1 item!')).toBeTruthy();
    expect(posted('/api/contact/individual')).toHaveLength(0);
  });

  it("uses a logged-in customer's account: no personal fields or password", async () => {
    setToken(fakeJwt());
    fetchMock.mockResolvedValue(jsonResponse(demoUser()));
    renderApp(<CustomTripForm onDone={() => {}} />);
    expect(await screen.findByText(/met de gegevens van je account \(klant@example.nl\)/)).toBeTruthy();
    expect(screen.queryByLabelText('Wachtwoord')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Kamer toevoegen' }));
    expect(screen.getByLabelText('Kamer 2: volwassenen')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Aanvraag versturen' }));
    expect(await screen.findByText('Periode is verplicht!')).toBeTruthy();
    expect(screen.queryByText('Voornaam is verplicht!')).toBeNull();
  });

  it('builds the API body: numbers, no rating as null, personal details only for a guest', () => {
    const values: CustomTripValues = {
      start: '2027-02-01',
      end: '2027-02-14',
      hotel_name: 'Hilton',
      hotel_rating: '4',
      rooms: [{ babys: 0, kids: '', adults: 2 }],
      email: 'a@example.nl',
      first_name: 'A',
      last_name: 'B',
      date_of_birth: '1990-01-01',
      nationality: 'Nederlandse',
      phone_number: '06',
      address: 'Straat 1',
      zip: '1000 AA',
      city: 'Amsterdam',
      country: 'Nederland',
      password: 'Geheim-2027',
      altcha: 'x',
    };
    expect(customTripBody(values, true)).toEqual({
      start: '2027-02-01',
      end: '2027-02-14',
      hotel_name: 'Hilton',
      hotel_rating: 4,
      rooms: [{ babys: 0, kids: undefined, adults: 2 }],
      altcha: 'x',
    });
    const guest = customTripBody({ ...values, hotel_rating: null }, false) as Record<string, unknown>;
    expect(guest.hotel_rating).toBeNull();
    expect(guest.password).toBe('Geheim-2027');
    expect(guest.email).toBe('a@example.nl');
  });
});

describe('messages', () => {
  it('gives the Dutch server text, the taken-address advice, or a general text', () => {
    expect(requestErrorMessage(new ApiError(400, 'Verifieer dat u geen robot bent!'))).toBe('Verifieer dat u geen robot bent!');
    expect(requestErrorMessage(new ApiError(422, 'Dit emailadres wordt al gebruikt.'))).toBe(
      'Dit emailadres wordt al gebruikt. Log in om de aanvraag met je account te versturen.',
    );
    expect(requestErrorMessage(new ApiError(500, 'Internal'))).toBe('De aanvraag kon niet worden verzonden. Probeer het later opnieuw.');
  });

  it("turns an empty or status-error order/invoice answer into its text or 'An unknown error occured.'", async () => {
    await expect(checkedAnswer(Promise.resolve(undefined))).rejects.toThrow('An unknown error occured.');
    await expect(checkedAnswer(Promise.resolve({ status: 'error' }))).rejects.toThrow(UNKNOWN_ERROR_MESSAGE);
    await expect(checkedAnswer(Promise.resolve({ status: 'error', message: 'Product is uitverkocht.' }))).rejects.toThrow('Product is uitverkocht.');
    await expect(checkedAnswer(Promise.resolve({ status: 'success', order: { id: 3 } }))).resolves.toEqual({ status: 'success', order: { id: 3 } });
    expect(answerErrorMessage(new Error(''))).toBe('An unknown error occured.');
  });

  it('puts the typed text into the chat link', () => {
    expect(buildChatUrl('https://wa.me/31612345678?text=', 'Salaam, kan ik bellen?')).toBe(
      'https://wa.me/31612345678?text=Salaam%2C%20kan%20ik%20bellen%3F',
    );
    expect(buildChatUrl('https://chat.example/start?m={text}&src=site', 'a&b')).toBe('https://chat.example/start?m=a%26b&src=site');
    expect(buildChatUrl('https://chat.example/start', 'hoi daar')).toBe('https://chat.example/start?text=hoi+daar');
  });
});
