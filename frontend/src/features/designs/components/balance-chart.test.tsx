import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ChartData, ChartOptions, TooltipItem } from 'chart.js';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { balanceDatasets, buildBalanceChart } from '../lib/balance-chart';
import type { Consolidation } from '../lib/consolidation';
import { quarterRack } from '../lib/fixture';
import { BalanceChart } from './balance-chart';

// jsdom has no canvas for Chart.js: the chart is its canvas, and the test keeps what it was given.
const drawn: { data: ChartData<'scatter'> | null; options: ChartOptions<'scatter'> | null } = { data: null, options: null };
vi.mock('react-chartjs-2', () => ({
  Scatter: (props: { data: ChartData<'scatter'>; options: ChartOptions<'scatter'>; 'aria-label'?: string }) => {
    drawn.data = props.data;
    drawn.options = props.options;
    return <canvas aria-label={props['aria-label']} role="img" />;
  },
}));

function renderWithQueries(children: ReactNode) {
  vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('[]', { status: 200 }))));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{children}</QueryClientProvider>);
}

const q = (value: number, unit: string) => ({ value, unit }) as Consolidation['balance'][number]['cpu_pct'];

/** Orders, Billing and Warehouse together: the RAC nodes' CPU they load together, each one's latency. */
const THREE: Pick<Consolidation, 'balance'> = {
  balance: [
    { database: 'Orders', cpu_pct: q(58, '%'), storage_latency_ms: q(0.9, 'ms') },
    { database: 'Billing', cpu_pct: q(58, '%'), storage_latency_ms: q(1.1, 'ms') },
    { database: 'Warehouse', cpu_pct: q(58, '%'), storage_latency_ms: q(3.4, 'ms') },
  ],
};

const labels = () => (drawn.data?.datasets ?? []).map((d) => d.label);

describe('BalanceChart', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    drawn.data = null;
    drawn.options = null;
  });

  it('one database: the chart exactly as without a consolidation (the single design point)', () => {
    const evaluation = quarterRack().evaluation;
    const expected = balanceDatasets(buildBalanceChart(evaluation.balance!, evaluation, 'focused'));
    const one = { balance: [THREE.balance[0]!] };
    renderWithQueries(<BalanceChart evaluation={evaluation} balance={evaluation.balance!} title="FS1" consolidation={one} />);
    expect(drawn.data?.datasets).toEqual(expected);
    const withOne = { data: drawn.data, options: drawn.options, name: screen.getByRole('img').getAttribute('aria-label') };
    expect(labels()).toContain('Design load (operating point)');
    expect(screen.queryByTestId('balance-databases')).not.toBeInTheDocument();

    drawn.data = null;
    renderWithQueries(<BalanceChart evaluation={evaluation} balance={evaluation.balance!} title="FS1" consolidation={null} />);
    expect(drawn.data).toEqual(withOne.data);
    expect(drawn.options?.scales).toEqual(withOne.options?.scales);
    expect(screen.getAllByRole('img')[1]).toHaveAttribute('aria-label', withOne.name);
  });

  it('several databases: one marker per database, each its own look, named in the legend and the tooltip', () => {
    const evaluation = quarterRack().evaluation;
    renderWithQueries(<BalanceChart evaluation={evaluation} balance={evaluation.balance!} title="FS1" consolidation={THREE} />);
    const datasets = drawn.data?.datasets ?? [];
    // The first database's alone operating point gives way to the databases' markers.
    expect(labels()).not.toContain('Design load (operating point)');
    expect(labels()).toEqual(expect.arrayContaining(['First database alone, as load grows', 'First database alone at the SLA limit', 'Orders', 'Billing', 'Warehouse']));
    const markers = datasets.filter((d) => ['Orders', 'Billing', 'Warehouse'].includes(d.label ?? ''));
    expect(markers.map((d) => d.data)).toEqual([[{ x: 58, y: 0.9 }], [{ x: 58, y: 1.1 }], [{ x: 58, y: 3.4 }]]);
    expect(new Set(markers.map((d) => d.pointStyle)).size).toBe(3);
    expect(new Set(markers.map((d) => d.backgroundColor)).size).toBe(3);
    // The tooltip names the database and its point.
    const warehouse = datasets.indexOf(markers[2]!);
    const label = drawn.options?.plugins?.tooltip?.callbacks?.label as (item: TooltipItem<'scatter'>) => string;
    expect(label({ dataset: markers[2], datasetIndex: warehouse, parsed: { x: 58, y: 3.4 } } as unknown as TooltipItem<'scatter'>)).toBe('Warehouse: CPU 58%, 3.4 ms');
    // The latency axis reaches the highest marker (3.4 ms, above the quarter rack's 2 ms limit).
    expect(Number(drawn.options?.scales?.y?.max)).toBeGreaterThan(3.4);
    expect(screen.getByTestId('balance-databases')).toHaveTextContent("One marker per database, at the RAC nodes' CPU they load together");
    expect(screen.getByTestId('balance-databases')).toHaveTextContent("the curve and the SLA marker are the design's first database alone on this platform");
    expect(screen.getByRole('img')).toHaveAccessibleName(/the databases together, Orders at CPU 58% and 0\.9 ms read latency, Billing at CPU 58% and 1\.1 ms/);
  });
});
