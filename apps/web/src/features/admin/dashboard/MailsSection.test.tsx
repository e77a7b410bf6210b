import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../lib/api';
import { demoUser, fakeJwt, jsonResponse, renderApp } from '../../../test/render';
import MailsSection, { MailsStatus } from './MailsSection';

// The dashboard's mails: how many wait or failed, a refused mail's last error, and 'Opnieuw versturen'.

vi.setConfig({ testTimeout: 30_000 });

const fetchMock = vi.fn<typeof fetch>();
const REFUSAL = '451 4.3.2 Mailserver tijdelijk buiten dienst';

const mail = (status: string, extra: Record<string, unknown> = {}) => ({
  id: 7,
  to: 'klant@example.nl',
  subject: 'Bevestiging van je bestelling FCU21',
  text: 'Bedankt voor je bestelling.',
  status,
  attempts: 9,
  last_error: REFUSAL,
  next_attempt_at: '2026-11-27T10:00:00.000Z',
  created_at: '2026-11-27T09:00:00.000Z',
  sent_at: null,
  ...extra,
});

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  setToken(fakeJwt());
});
afterEach(() => {
  setToken(null);
  vi.unstubAllGlobals();
});

describe('Verstuurde mails', () => {
  it('shows a failed mail with the server’s error and sends it again on request', async () => {
    let sent = false;
    const posts: string[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://test');
      if (url.pathname === '/api/user') return jsonResponse(demoUser(1));
      if (url.pathname === '/api/admin/mails' && (init?.method ?? 'GET') === 'GET') {
        return sent
          ? jsonResponse({
              mails: [mail('sent', { attempts: 1, last_error: null, sent_at: '2026-11-27T09:30:00.000Z' })],
              total: 1,
              waiting: 0,
              failed: 0,
            })
          : jsonResponse({ mails: [mail('failed')], total: 1, waiting: 2, failed: 1 });
      }
      if (url.pathname === '/api/admin/mails/7/retry' && init?.method === 'POST') {
        posts.push(url.pathname);
        sent = true;
        return jsonResponse({ message: 'De mail staat weer in de wachtrij en wordt nu verstuurd.' });
      }
      return jsonResponse({ message: 'niet gevonden' }, 404);
    });
    renderApp(
      <>
        <MailsStatus />
        <MailsSection />
      </>,
    );

    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('2 mails in de wachtrij');
    expect(status.textContent).toContain('1 mail mislukt');
    const mails = screen.getByLabelText('Mails');
    expect(within(mails).getByText('Mislukt')).toBeTruthy();

    fireEvent.click(within(mails).getByRole('button', { name: /Bevestiging van je bestelling FCU21/ }));
    expect(await screen.findByText(REFUSAL)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Opnieuw versturen: Bevestiging van je bestelling FCU21' }));

    expect(await screen.findByText('De mail staat weer in de wachtrij en wordt nu verstuurd.')).toBeTruthy();
    expect(posts).toEqual(['/api/admin/mails/7/retry']);
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(await screen.findByText('Verzonden')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Opnieuw versturen/ })).toBeNull();
  });

  it('shows no count when every mail went out, and no retry for a sent mail', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://test');
      if (url.pathname === '/api/user') return jsonResponse(demoUser(1));
      return jsonResponse({ mails: [mail('sent', { attempts: 1, last_error: null })], total: 1, waiting: 0, failed: 0 });
    });
    renderApp(
      <>
        <MailsStatus />
        <MailsSection />
      </>,
    );
    expect(await screen.findByText('Verzonden')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Bevestiging van je bestelling FCU21/ }));
    expect(await screen.findByText('Bedankt voor je bestelling.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Opnieuw versturen/ })).toBeNull();
  });
});
