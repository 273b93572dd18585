import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EvaluationPayload } from '../api/types';
import type { Consolidation } from '../lib/consolidation';
import { quarterRack } from '../lib/fixture';
import { ConsolidationSection } from './consolidation-section';
import { HeadlineTiles } from './headline-tiles';

const q = (value: number, unit: string) => ({ value, unit }) as Consolidation['capacity']['required'];

/** Two databases on an XtremIO pair of X-Bricks, as POST /evaluate/ answers (figures plausible, not measured). */
const TWO_DATABASES: Consolidation = {
  kind: 'consolidated',
  engine_version: '0.1.0',
  verdict: 'holds',
  databases: [
    {
      name: 'Orders',
      kind: 'oltp',
      priority: 1,
      paused: false,
      verdict: 'holds',
      users: q(64, 'users'),
      throughput: q(3120, 'TPS'),
      target_throughput: null,
      response: q(9.4, 'ms'),
      storage_latency: q(0.62, 'ms'),
      alone_throughput: q(3150, 'TPS'),
      alone_response: q(8.1, 'ms'),
      response_change: q(1.3, 'ms'),
      response_change_pct: q(16.05, '%'),
      headroom_pct: q(38, '%'),
      storage_utilisation: q(41, '%'),
      cpu_utilisation: q(35, '%'),
      checks: [{ target: 'sla', label: 'Response time (SLA)', limit: q(100, 'ms'), value: q(9.4, 'ms'), met: true }],
      clones: 2,
      clone_load_pct: q(50, '%'),
      statement: 'holds beside the other databases: 9.4 ms response (+1.3 ms against 8.1 ms alone)',
    },
    {
      name: 'Warehouse',
      kind: 'dss',
      priority: 2,
      paused: false,
      verdict: 'holds',
      users: null,
      throughput: q(2000, 'MB/s'),
      target_throughput: q(2000, 'MB/s'),
      response: null,
      storage_latency: q(0.8, 'ms'),
      alone_throughput: q(2600, 'MB/s'),
      alone_response: null,
      response_change: null,
      response_change_pct: null,
      headroom_pct: q(23, '%'),
      storage_utilisation: q(30, '%'),
      cpu_utilisation: null,
      checks: [],
      clones: 0,
      clone_load_pct: null,
      statement: 'holds beside the other databases: 2,000 MB/s of 2,600 MB/s',
    },
  ],
  stations: [
    { name: 'storage', label: 'Storage', utilisation: q(71, '%'), by_database: { Orders: q(41, '%'), Warehouse: q(30, '%') } },
    { name: 'cpu', label: 'Server CPU', utilisation: q(35, '%'), by_database: { Orders: q(35, '%') } },
  ],
  bottleneck: 'storage',
  bottleneck_label: 'Storage',
  capacity: {
    databases: { Orders: q(1000, 'GB'), Warehouse: q(1000, 'GB') },
    clones: [{ database: 'Orders', clones: 2, logical: q(2000, 'GB'), physical: q(0, 'GB'), ratio: q(3, 'ratio'), source: 'EMC XtremIO study, Table 4: a clone takes no new space' }],
    required_without_clone_reduction: q(4000, 'GB'),
    required: q(2000, 'GB'),
    usable: q(15200, 'GB'),
    raw: q(19200, 'GB'),
    fits: true,
    fits_only_with_clone_reduction: false,
    statement: 'the databases and their clones need 2,000 GB of 15,200 GB usable',
  },
  balance: [],
  sharing: 'the databases share the RAC nodes and the X-Bricks',
  validated: false,
  not_validated_reason: "no document measured several databases running together: the shared-queue figures are the model's extrapolation",
  warnings: [],
  extrapolated: true,
  extrapolation: [],
  assumptions: [],
  months_until_missed: null,
  first_missed: null,
  single: null,
};

describe('ConsolidationSection', () => {
  it('shows the verdict, the not-validated note and one row per database with its change against alone', () => {
    render(<ConsolidationSection consolidation={TWO_DATABASES} />);
    expect(screen.getByTestId('consolidation-verdict')).toHaveTextContent('The design holds: its 2 databases together meet their targets');
    expect(screen.getByTestId('consolidation-not-validated')).toHaveTextContent('Not validated: No document measured several databases running together');
    const rows = screen.getAllByTestId('consolidation-row');
    expect(rows).toHaveLength(2);
    const orders = within(rows[0]!);
    expect(orders.getByRole('rowheader')).toHaveTextContent(/^Orders/);
    expect(orders.getByText('OLTP')).toBeInTheDocument();
    expect(orders.getByText('64 users')).toBeInTheDocument();
    expect(orders.getByText('3,120 TPS')).toBeInTheDocument();
    expect(orders.getByTestId('response-change')).toHaveTextContent('+1.3 ms (+16.1%)');
    expect(screen.getAllByTestId('consolidation-statement')[0]).toHaveTextContent('Orders: holds beside the other databases: 9.4 ms response');
    const warehouse = within(rows[1]!);
    expect(warehouse.getByText('DSS (data warehouse)')).toBeInTheDocument();
    expect(warehouse.getByText('2,000 MB/s target')).toBeInTheDocument();
  });

  it('shows each shared station with its share per database, and the capacity with and without the clone reduction', () => {
    render(<ConsolidationSection consolidation={TWO_DATABASES} />);
    const stations = screen.getByTestId('consolidation-stations');
    expect(within(stations).getByText('Orders 41%, Warehouse 30%')).toBeInTheDocument();
    expect(within(stations).getByText('bottleneck')).toBeInTheDocument();
    const capacity = screen.getByTestId('consolidation-capacity');
    expect(capacity).toHaveTextContent("2,000 GB (4,000 GB without the clones' data reduction)");
    expect(capacity).toHaveTextContent('15,200 GB');
    expect(capacity).toHaveTextContent('Fits');
    expect(capacity).toHaveTextContent('Source: EMC XtremIO study, Table 4');
  });

  it("shows each database's priority in the engine's order (most important first, paused last)", () => {
    const ranked = structuredClone(TWO_DATABASES);
    ranked.databases = [{ ...ranked.databases[1]!, priority: 1 }, { ...ranked.databases[0]!, priority: 3 }];
    render(<ConsolidationSection consolidation={ranked} />);
    expect(screen.getByRole('columnheader', { name: 'Priority' })).toBeInTheDocument();
    const rows = screen.getAllByTestId('consolidation-row');
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['Warehouse', 'Orders']);
    expect(screen.getAllByTestId('consolidation-priority').map((c) => c.textContent)).toEqual(['1', '3']);
    expect(screen.getByTestId('consolidation-table')).toHaveTextContent('priority 1 = the most important');
  });

  it('marks a paused database paused', () => {
    const paused = structuredClone(TWO_DATABASES);
    paused.databases[1] = { ...paused.databases[1]!, paused: true, verdict: null, statement: 'paused: left out of the evaluation and the capacity' };
    render(<ConsolidationSection consolidation={paused} />);
    const row = screen.getAllByTestId('consolidation-row')[1]!;
    expect(row).toHaveAttribute('data-paused', 'true');
    expect(within(row).getByText('Paused')).toBeInTheDocument();
    expect(screen.getByTestId('consolidation-verdict')).toHaveTextContent('its one database not paused meets its targets');
  });

  it("the headline tiles say they are the first database's alone, and the verdict is the design's", () => {
    const payload: EvaluationPayload = { ...quarterRack(), consolidation: { ...TWO_DATABASES, verdict: 'does-not-hold' } };
    render(<HeadlineTiles payload={payload} />);
    expect(screen.getByTestId('headline-alone')).toHaveTextContent('Orders alone');
    expect(screen.getByTestId('verdict')).toHaveTextContent('The design does not hold: its 2 databases together miss a target');
  });
});
