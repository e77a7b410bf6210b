import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IssuedDocument } from '@umrah/domain/contracts';
import { jsonResponse, renderApp } from '../../../test/render';
import { IssuedDocumentsTable } from './IssuedDocumentsTable';

// The Facturen tab's list of issued invoices and credit notes (docs/INVOICES.md): one row per document with
// its own number, its Amsterdam issue date and a PDF button per row.

vi.setConfig({ testTimeout: 30_000 });

const doc = (over: Partial<IssuedDocument>): IssuedDocument => ({
  id: 1,
  order_id: 12,
  order_number: 'FCU212',
  kind: 'invoice',
  kind_label: 'Factuur',
  number: 'FCU212',
  version: 1,
  credits_number: null,
  // 00:30 on 15 January in Amsterdam.
  issued_at: '2026-01-14T23:30:00.000Z',
  total: 339000,
  customer: 'Ahmed Yilmaz',
  email: 'klant@example.nl',
  ...over,
});

let documents: IssuedDocument[];
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://test');
    if (url.pathname === '/api/invoices/issued') return jsonResponse({ documents, total: documents.length, page: 1, pageSize: 20 });
    return jsonResponse({ message: `niet verwacht: ${url.pathname}` }, 500);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('IssuedDocumentsTable', () => {
  it('lists invoices and credit notes with number, Amsterdam date, amount and a named PDF button', async () => {
    documents = [
      doc({ id: 2, kind: 'credit_note', kind_label: 'Creditfactuur', number: 'FCU212-C', credits_number: 'FCU212', total: -339000 }),
      doc({ id: 1 }),
    ];
    renderApp(<IssuedDocumentsTable />);
    const table = await screen.findByRole('table', { name: 'Uitgegeven facturen en creditfacturen' });
    const credit = (await within(table).findByText('FCU212-C')).closest('tr')!;
    expect(within(credit).getByText('Creditfactuur')).toBeTruthy();
    expect(within(credit).getByText('15-01-2026')).toBeTruthy();
    expect(within(credit).getByText('-€ 3.390,-')).toBeTruthy();
    expect(within(credit).getByRole('button', { name: 'Creditfactuur FCU212-C (PDF)' })).toBeTruthy();
    const invoice = document.querySelector('tr[data-issued="1"]') as HTMLElement;
    expect(within(invoice).getByRole('button', { name: 'Factuur FCU212 (PDF)' })).toBeTruthy();
  });

  it('says so when nothing is issued yet', async () => {
    documents = [];
    renderApp(<IssuedDocumentsTable />);
    expect(await screen.findByText('Er zijn nog geen facturen uitgegeven.')).toBeTruthy();
  });
});
