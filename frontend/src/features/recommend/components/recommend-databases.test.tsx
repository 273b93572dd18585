import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { consolidatedCandidate, consolidatedRecommendation } from '../lib/fixture';
import { CandidateTable } from './candidate-table';
import { RecommendPage } from './recommend-page';

// jsdom has no canvas for Chart.js: the Pareto chart is its canvas.
vi.mock('react-chartjs-2', () => ({ Scatter: (props: { 'aria-label'?: string }) => <canvas aria-label={props['aria-label']} role="img" /> }));

/** The page against a stubbed API: POST /recommend/ answers `recommend`, every list is empty; the bodies posted are kept. */
function renderPage(recommend: { status: number; body: unknown }) {
  const posted: unknown[] = [];
  const fetch = vi.fn((url: string, init?: RequestInit) => {
    if (url.startsWith('/api/v1/recommend/')) {
      posted.push(JSON.parse(String(init?.body)));
      return Promise.resolve(new Response(JSON.stringify(recommend.body), { status: recommend.status }));
    }
    return Promise.resolve(new Response(url.startsWith('/api/v1/platforms/') ? '[]' : '{"count":0,"results":[]}', { status: 200 }));
  });
  vi.stubGlobal('fetch', fetch);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/recommend']}>
        <RecommendPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return posted;
}

const database = (index: number) => within(screen.getByTestId(`recommend-database-${index}`));

/** Two databases: the page's OLTP one (60,000 TPS) becomes "Orders", a DSS "Warehouse" of 2,000 MB/s is added. */
function askForTwo() {
  fireEvent.change(screen.getByLabelText(/Target TPS/), { target: { value: '60000' } });
  expect(screen.getByTestId('single-database-note')).toHaveTextContent('One database');
  fireEvent.click(screen.getByRole('button', { name: 'Add a database' }));
  expect(screen.queryByTestId('single-database-note')).toBeNull();
  fireEvent.change(database(0).getByLabelText('Name'), { target: { value: 'Orders' } });
  expect(database(0).getByLabelText(/Target TPS/)).toHaveValue(60000);
  fireEvent.change(database(1).getByLabelText('Name'), { target: { value: 'Warehouse' } });
  fireEvent.change(database(1).getByLabelText('Workload kind'), { target: { value: 'dss' } });
  fireEvent.change(database(1).getByLabelText(/Target throughput/), { target: { value: '2000' } });
  fireEvent.change(database(1).getByLabelText(/Priority/), { target: { value: '2' } });
}

describe('the Recommend page with several databases', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the databases and shows each one’s verdict and figures in the candidate rows', async () => {
    const posted = renderPage({ status: 200, body: consolidatedRecommendation });
    askForTwo();
    fireEvent.click(screen.getByRole('button', { name: 'Find configurations' }));
    const row = await screen.findByTestId('candidate-row');
    expect(posted).toEqual([
      {
        databases: [
          { name: 'Orders', workload: { kind: 'oltp', target_tps: 60000 }, paused: false },
          { name: 'Warehouse', workload: { kind: 'dss', target_throughput_mb_s: 2000 }, paused: false, priority: 2 },
        ],
        resilience: 'none',
        families: [],
        price_book: null,
      },
    ]);
    expect(screen.getByTestId('recommend-message')).toHaveTextContent('1 configuration carries the databases together. Databases, in priority order: Orders, Warehouse.');
    const lines = within(row).getAllByTestId('candidate-database');
    expect(lines.map((l) => l.dataset.name)).toEqual(['Orders', 'Warehouse']);
    expect(lines[0]).toHaveTextContent(/^Orders: Holds · 60,000 TPS · 1.8 ms \(\+0.52 ms against alone\)$/);
    expect(lines[1]).toHaveTextContent(/^Warehouse: Holds for now · 2,000 MB\/s$/);
  });

  it('puts a 400’s errors beside the field of the database they are about', async () => {
    renderPage({ status: 400, body: { databases: [{}, { workload: { target_throughput_mb_s: ['exceeds what any family can scan'] } }] } });
    askForTwo();
    fireEvent.click(screen.getByRole('button', { name: 'Find configurations' }));
    expect(await database(1).findByText('exceeds what any family can scan')).toBeInTheDocument();
    expect(database(1).getByLabelText(/Target throughput/)).toHaveAttribute('aria-invalid', 'true');
    expect(database(0).queryByText('exceeds what any family can scan')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('checks the names before asking, and removing down to one asks today’s single-workload request', async () => {
    const posted = renderPage({ status: 200, body: { ...consolidatedRecommendation, kind: 'oltp', databases: [], candidates: [] } });
    askForTwo();
    fireEvent.change(database(1).getByLabelText('Name'), { target: { value: 'orders' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find configurations' }));
    expect(database(1).getByText('Another database has this name')).toBeInTheDocument();
    expect(posted).toEqual([]);
    fireEvent.click(database(0).getByRole('button', { name: 'Remove Orders' }));
    expect(screen.getByTestId('single-database-note')).toBeInTheDocument();
    expect(screen.getByLabelText('Workload kind')).toHaveValue('dss');
    fireEvent.click(screen.getByRole('button', { name: 'Find configurations' }));
    await screen.findByTestId('recommend-message');
    expect(posted).toEqual([{ workload: { kind: 'dss', target_throughput_mb_s: 2000 }, resilience: 'none', families: [], price_book: null }]);
  });
});

describe('a table of consolidated candidates', () => {
  it('has a Databases column only when several databases were asked for', () => {
    const props = { section: 'candidates', caption: 'ranked', candidates: [consolidatedCandidate], selectedKey: null, onSelect: () => undefined, onCreate: () => undefined, creatingKey: null, testId: 't' };
    const { rerender } = render(<CandidateTable {...props} consolidated />);
    expect(screen.getByRole('columnheader', { name: 'Databases' })).toBeInTheDocument();
    expect(screen.getByTestId('candidate-databases')).toHaveTextContent('Orders');
    rerender(<CandidateTable {...props} />);
    expect(screen.queryByRole('columnheader', { name: 'Databases' })).toBeNull();
    expect(screen.queryByTestId('candidate-databases')).toBeNull();
  });
});
