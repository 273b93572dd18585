import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { platformRegistry } from '../../../lib/platforms-fixture';
import { listItem } from '../lib/list-item.fixture';
import { DesignsPage } from './designs-page';

const rows = [
  listItem({
    id: 1,
    name: 'Bank core',
    headline: {
      verdict: 'holds',
      months_until_missed: null,
      throughput: { value: 25800, unit: 'TPS' },
      cost: { total: '1234567.50', currency: 'USD', note: null },
      note: null,
    },
  }),
  listItem({
    id: 2,
    name: 'Warehouse',
    headline: {
      verdict: 'does-not-hold',
      months_until_missed: null,
      throughput: { value: 1180, unit: 'MB/s' },
      cost: { total: '900.00', currency: 'EUR', note: '2 BOM lines without a price: the total excludes them' },
      note: null,
    },
  }),
  listItem({
    id: 3,
    name: 'Old design',
    headline: {
      verdict: null,
      months_until_missed: null,
      throughput: null,
      cost: { total: null, currency: null, note: 'Not evaluated yet' },
      note: 'Not evaluated yet',
    },
  }),
];

function renderList() {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      const body = url === '/api/v1/platforms/' ? platformRegistry : { count: rows.length, next: null, previous: null, results: rows };
      return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/designs']}>
        <DesignsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('designs list: verdict, throughput and cost columns', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each design’s verdict, throughput with its unit and cost with its currency', async () => {
    renderList();
    const table = await screen.findByTestId('designs-table');
    const headers = within(table).getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers.slice(3, 6)).toEqual(['Verdict', 'Throughput', 'Cost']);

    const holds = screen.getByTestId('design-row-1');
    expect(within(holds).getByTestId('verdict-cell')).toHaveTextContent('Holds');
    expect(within(holds).getByTestId('throughput-cell')).toHaveTextContent('25,800 TPS');
    expect(within(holds).getByTestId('cost-cell')).toHaveTextContent(/^1,234,567\.50 USD$/);

    const dss = screen.getByTestId('design-row-2');
    expect(within(dss).getByTestId('verdict-cell')).toHaveTextContent('Does not hold');
    expect(within(dss).getByTestId('throughput-cell')).toHaveTextContent('1,180 MB/s');
    expect(within(dss).getByTestId('cost-cell')).toHaveTextContent('900.00 EUR2 BOM lines without a price');
  }, 20_000); // the first render of the list page loads its modules (slow on a loaded 2-core machine)

  it('says why a design has no figures', async () => {
    renderList();
    const row = await screen.findByTestId('design-row-3');
    expect(within(row).getByTestId('verdict-cell')).toHaveTextContent('Not evaluated: Not evaluated yet');
    expect(within(row).getByTestId('throughput-cell')).toHaveTextContent('—');
    expect(within(row).getByTestId('cost-cell')).toHaveTextContent('—Not evaluated yet');
  });
});
