import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PriceBook, PriceBookPreview } from '../api/types';
import { PriceBooksPage } from './price-books-page';

const BAD: PriceBookPreview = {
  valid: false,
  name: 'List prices',
  currency: 'USD',
  version: 1,
  errors: [{ row: 2, field: 'part_number', message: "unknown part 'NOPE-1'" }],
  rows: [
    {
      row: 1,
      manufacturer: 'oracle',
      part_number: '7110316',
      description: 'Oracle Server X5-2',
      unit_price: '24000.00',
      discount_percent: '10',
      net_unit_price: '21600.00',
      status: 'ok',
      errors: [],
    },
    {
      row: 2,
      manufacturer: '',
      part_number: 'NOPE-1',
      description: '',
      unit_price: '5.00',
      discount_percent: '0',
      net_unit_price: null,
      status: 'error',
      errors: [{ field: 'part_number', message: "unknown part 'NOPE-1'" }],
    },
  ],
  summary: { rows: 2, priced: 1, skipped: 0, with_errors: 1 },
};
const GOOD: PriceBookPreview = {
  ...BAD,
  valid: true,
  errors: [],
  rows: [BAD.rows[0]!],
  summary: { rows: 1, priced: 1, skipped: 0, with_errors: 0 },
};
const BOOK: PriceBook = {
  id: 4,
  name: 'DEMO — fictional prices, not a quote',
  currency: 'USD',
  version: 1,
  effective_date: '2025-01-01',
  valid_until: null,
  imported_by: null,
  is_active: true,
  is_demo: true,
  created_at: '2026-11-26T10:00:00Z',
  entry_count: 57,
};

const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

/** The API as the page sees it: the list, then the previews in the order given. */
function stubApi(previews: PriceBookPreview[]) {
  const fetch = vi.fn((url: string) => {
    if (url.startsWith('/api/v1/price-books/')) return json(200, { count: 1, next: null, previous: null, results: [BOOK] });
    if (url === '/api/v1/import/price-books/preview/') {
      const preview = previews.shift()!;
      return json(preview.valid ? 200 : 400, preview); // as the upload would answer
    }
    return json(404, { detail: 'Not found.' });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <PriceBooksPage />
    </QueryClientProvider>,
  );
}

const choose = (name: string) =>
  fireEvent.change(screen.getByLabelText('File (CSV or XLSX)'), { target: { files: [new File(['x'], name, { type: 'text/csv' })] } });

describe('price books page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists books with currency, validity, state, lines and the demo marker', async () => {
    stubApi([]);
    renderPage();
    const row = await screen.findByTestId('price-book-row');
    const cells = within(row).getAllByRole('cell').map((c) => c.textContent);
    expect(cells.slice(0, 6)).toEqual(['DEMO — fictional prices, not a quote Demo: fictional prices, not a quote', 'v1', 'USD', 'from 2025-01-01', 'active', '57']);
    expect(within(row).getByRole('button', { name: 'Retire' })).toBeEnabled();
  });

  it('checks a chosen file at once, marks the bad row and its field, and keeps Save disabled', async () => {
    const fetch = stubApi([BAD]);
    renderPage();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'List prices' } });
    choose('prices.csv');
    expect(await screen.findByTestId('preview-verdict')).toHaveTextContent('1 error: fix the file and check it again. Nothing was saved.');
    const rows = screen.getAllByTestId('preview-row');
    expect(rows.map((r) => r.dataset.status)).toEqual(['ok', 'error']);
    const bad = rows[1]!;
    expect(bad).toHaveClass('preview-error');
    const invalid = within(bad).getAllByRole('cell').filter((c) => c.getAttribute('aria-invalid') === 'true');
    expect(invalid.map((c) => c.textContent)).toEqual(['NOPE-1']);
    expect(bad).toHaveTextContent("part_number: unknown part 'NOPE-1'");
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    const [, init] = fetch.mock.calls.find(([url]) => url === '/api/v1/import/price-books/preview/') as unknown as [string, RequestInit];
    const form = init.body as FormData;
    expect([form.get('name'), form.get('currency'), (form.get('file') as File).name]).toEqual(['List prices', 'USD', 'prices.csv']);
  });

  it('enables Save once the fixed file checks clean, and disables it again when a field changes', async () => {
    stubApi([BAD, GOOD]);
    renderPage();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'List prices' } });
    choose('prices.csv');
    await screen.findByText(/1 error/);
    choose('prices-fixed.csv');
    expect(await screen.findByTestId('preview-verdict')).toHaveTextContent('No errors: 1 row, 1 to save.');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    fireEvent.change(screen.getByLabelText('Currency'), { target: { value: 'EUR' } });
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.getByText(/check the file again/)).toBeInTheDocument();
  });

  it('shows whole-file errors (header, price book fields) above the rows', async () => {
    stubApi([{ ...BAD, rows: [], errors: [{ row: 0, field: 'unit_price', message: 'missing column' }], summary: { rows: 0, priced: 0, skipped: 0, with_errors: 0 } }]);
    renderPage();
    choose('prices.csv');
    expect(await screen.findByTestId('preview-file-errors')).toHaveTextContent('unit_price: missing column');
    expect(screen.queryAllByTestId('preview-row')).toEqual([]);
  });
});
