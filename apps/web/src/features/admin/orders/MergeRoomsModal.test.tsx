import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp } from '../../../test/render';
import { MergeRoomsModal } from './MergeRoomsModal';

vi.setConfig({ testTimeout: 30_000 });

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('MergeRoomsModal', () => {
  it('needs a period, then posts it and shows the server message', async () => {
    const message = 'Kamers zijn samengevoegd voor de periode 01-03-2027 t/m 31-03-2027. Er is een mail naar het kantoor gestuurd.';
    fetchMock.mockImplementation(async () => jsonResponse({ message, trips: [{ start_date: '2027-03-10', version: 1, rooms_count: 4 }] }, 201));
    const onClose = vi.fn();
    renderApp(<MergeRoomsModal opened onClose={onClose} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Samenvoegen' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Periode is verplicht!');
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Van'), { target: { value: '01-03-2027' } });
    fireEvent.blur(screen.getByLabelText('Van'));
    fireEvent.change(screen.getByLabelText('Tot en met'), { target: { value: '31-03-2027' } });
    fireEvent.blur(screen.getByLabelText('Tot en met'));
    fireEvent.click(screen.getByRole('button', { name: 'Samenvoegen' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(new URL(String(url), 'http://test').pathname).toBe('/api/admin/trips/merge');
    expect(JSON.parse(String(init!.body))).toEqual({ start: '2027-03-01', end: '2027-03-31' });
    expect(await screen.findByText(message)).toBeTruthy();
  });
});
