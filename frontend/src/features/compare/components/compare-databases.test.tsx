import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { CompareColumn, CompareDatabase, Comparison } from '../api/types';
import { databaseCell, databaseRows, missingDatabaseText } from '../lib/compare-databases';
import { PER_DATABASE, compareRows, databasesText } from '../lib/compare-table';
import { ComparisonTables } from './comparison-tables';

const q = (value: number, unit: string) => ({ value, unit });

const database = (over: Partial<CompareDatabase>): CompareDatabase => ({
  name: 'Orders',
  kind: 'oltp',
  priority: 1,
  paused: false,
  verdict: 'holds',
  meets_targets: true,
  throughput: q(27410, 'TPS'),
  target_throughput: null,
  response: q(2.335, 'ms'),
  alone_throughput: q(45041, 'TPS'),
  alone_response: q(1.421, 'ms'),
  response_change: q(0.914, 'ms'),
  response_change_pct: q(64.32, '%'),
  headroom_pct: null,
  clones: 0,
  statement: '',
  ...over,
});

/** Orders (OLTP, 2 clones) and Warehouse (DSS at 2,000 MB/s) on two X-Bricks, as GET /designs/compare/ answers. */
const ORDERS = database({ priority: 2, verdict: 'does-not-hold', meets_targets: false, clones: 2, statement: 'misses the response time (SLA): 2.335 ms against 2 ms' });
const WAREHOUSE = database({
  name: 'Warehouse',
  kind: 'dss',
  throughput: q(2012, 'MB/s'),
  target_throughput: q(2000, 'MB/s'),
  response: null,
  alone_throughput: q(5000, 'MB/s'),
  alone_response: null,
  response_change: null,
  response_change_pct: null,
  headroom_pct: q(0.5933, '%'),
});

const column = (over: Partial<CompareColumn>): CompareColumn => ({
  id: 1,
  name: 'Orders alone',
  revision: 1,
  kind: 'oltp',
  verdict: 'holds',
  months_until_missed: null,
  tps_at_sla: q(45690, 'TPS'),
  sla_response: q(2, 'ms'),
  sustained_throughput: null,
  headroom_pct: q(1.4, '%'),
  bottleneck: 'storage',
  capacity: { total: q(2350, 'GB'), usable: q(14940, 'GB'), after_data_reduction: q(2350, 'GB'), raw: q(20000, 'GB'), fits: true, raid: 'xdp' },
  capacity_together: null,
  warnings: 0,
  critical_warnings: 0,
  platform_family: 'xtremio',
  cost: { currency: null, total: null, complete: false, unpriced_lines: 3 },
  cost_per_throughput: { amount: null, currency: null, unit: null, basis: 'the most TPS sustained within the 2 ms SLA', note: 'No price book chosen' },
  consolidated: false,
  not_validated_reason: null,
  databases: [],
  ...over,
});

const single = column({});
const together = column({
  id: 2,
  name: 'Orders and warehouse',
  kind: 'consolidated',
  verdict: 'does-not-hold',
  tps_at_sla: null,
  sla_response: null,
  headroom_pct: null,
  capacity: { total: q(8700, 'GB'), usable: q(14940, 'GB'), after_data_reduction: q(6700, 'GB'), raw: q(20000, 'GB'), fits: true, raid: 'xdp' },
  consolidated: true,
  not_validated_reason: 'no document measured several databases running together',
  databases: [WAREHOUSE, ORDERS],
});

describe('databaseRows', () => {
  it('gives a row per database in the engine order, each with its verdict, throughput and response', () => {
    const rows = databaseRows([single, together]);
    expect(rows.map((r) => r.name)).toEqual(['Warehouse', 'Orders']);
    const [warehouse, orders] = rows;
    expect(warehouse?.cells[0]).toBeNull(); // the design of one has no database of that name
    expect(orders?.cells[1]).toMatchObject({
      verdict: 'does not hold',
      tone: 'bad',
      throughput: '27,410 TPS',
      response: '2.34 ms (+0.914 ms beside the others)',
      about: 'Priority 2 · OLTP · 2 clones',
    });
    expect(warehouse?.cells[1]).toMatchObject({
      verdict: 'holds',
      tone: 'ok',
      throughput: '2,012 MB/s of 2,000 MB/s target',
      response: 'none: judged by its scan MB/s',
      headroom: 'headroom +0.6%',
    });
  });
  it('lines up one database across designs whatever its capitals, and adds the next design\'s own', () => {
    const other = column({ id: 3, name: 'FS1', consolidated: true, databases: [database({ name: 'ORDERS', throughput: q(30000, 'TPS') }), database({ name: 'Billing' })] });
    const rows = databaseRows([together, other]);
    expect(rows.map((r) => r.name)).toEqual(['Warehouse', 'Orders', 'Billing']);
    expect(rows[1]?.cells.map((c) => c?.throughput)).toEqual(['27,410 TPS', '30,000 TPS']);
    expect(rows[0]?.cells[1]).toBeNull();
  });
  it('has no rows when no design lists databases', () => {
    expect(databaseRows([single, column({ id: 4 })])).toEqual([]);
  });
  it('says a paused database is paused, with no figures', () => {
    expect(databaseCell(database({ paused: true, verdict: null, meets_targets: null, throughput: null, response: null }))).toMatchObject({
      verdict: 'paused',
      tone: 'none',
      throughput: '—',
      response: '—',
    });
  });
  it('says why a design has no such database', () => {
    expect(missingDatabaseText(single)).toBe('one database: its figures are above');
    expect(missingDatabaseText(together)).toBe('no such database');
  });
});

describe('the headline rows of a design of several databases', () => {
  const rows = Object.fromEntries(compareRows([single, together]).map((r) => [r.key, r]));
  it('shows the verdict together and points to the databases for TPS, headroom and SLA', () => {
    expect(rows.verdict?.values).toEqual(['holds', 'does not hold']);
    expect(rows.databases?.values).toEqual(['1', '2 together']);
    expect(rows.tps).toMatchObject({ values: ['45,690 TPS', PER_DATABASE], best: [] });
    expect(rows.headroom?.values).toEqual(['+1%', PER_DATABASE]);
    expect(rows.sla?.values).toEqual(['2 ms', PER_DATABASE]);
    expect(rows.needed?.values).toEqual(['2,350 GB', '6,700 GB']); // after the clones' reduction
  });
  it('has no databases row when every design is of one database', () => {
    expect(compareRows([single, column({ id: 5 })]).some((r) => r.key === 'databases')).toBe(false);
  });
  it('counts paused databases apart', () => {
    expect(databasesText(column({ databases: [WAREHOUSE, database({ paused: true, verdict: null })] }))).toBe('1 running (1 paused)');
  });
});

describe('ComparisonTables with a design of several databases', () => {
  const comparison: Comparison = {
    designs: [single, together],
    bom_sections: [],
    bom_part_lines_comparable: true,
    bom_part_lines_note: '',
    bom_differences: [],
    bom_lines_in_common: 10,
  };
  it('shows a row per database below the headline rows, and why the figures are not validated', () => {
    render(
      <MemoryRouter>
        <ComparisonTables comparison={comparison} />
      </MemoryRouter>,
    );
    const body = screen.getByTestId('compare-database-rows');
    const orders = within(body).getByTestId('compare-database-orders');
    expect(within(orders).getByRole('rowheader')).toHaveTextContent('Orders');
    const [alone, beside] = within(orders).getAllByRole('cell') as [HTMLElement, HTMLElement];
    expect(alone).toHaveTextContent('one database: its figures are above');
    expect(beside).toHaveTextContent('does not hold');
    expect(within(beside).getByTestId('database-throughput')).toHaveTextContent('27,410 TPS');
    expect(within(beside).getByTestId('database-response')).toHaveTextContent('2.34 ms (+0.914 ms beside the others)');
    expect(within(body).getByTestId('compare-database-warehouse')).toHaveTextContent('2,012 MB/s of 2,000 MB/s target');
    // the databases follow the headline rows in the same table, aligned with the designs' columns
    const table = screen.getByTestId('compare-table');
    expect(table.querySelectorAll('tbody')[1]).toBe(body);
    expect(screen.getByTestId('compare-not-validated')).toHaveTextContent('Orders and warehouse, not validated: no document measured several databases running together.');
  });
  it('shows no databases section when every design is of one database', () => {
    render(
      <MemoryRouter>
        <ComparisonTables comparison={{ ...comparison, designs: [single, column({ id: 6, name: 'Other' })] }} />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('compare-database-rows')).toBeNull();
    expect(screen.queryByTestId('compare-not-validated')).toBeNull();
  });
});
