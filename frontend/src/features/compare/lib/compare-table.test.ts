import { describe, expect, it } from 'vitest';
import type { CompareColumn } from '../api/types';
import { NO_LINE, bestIndices, bomDiffGroups, bomDiffRows, bomSectionRows, compareRows, parseIds, sameSla, sameUnit, selectionHint, toggleSelection } from './compare-table';

const column = (over: Partial<CompareColumn>): CompareColumn => ({
  id: 1,
  name: 'Quarter',
  revision: 1,
  kind: 'oltp',
  verdict: 'holds',
  months_until_missed: null,
  tps_at_sla: { value: 25800, unit: 'TPS' },
  sla_response: { value: 20, unit: 'ms' },
  sustained_throughput: null,
  headroom_pct: { value: 165.7, unit: '%' },
  bottleneck: 'storage',
  capacity: { total: { value: 435, unit: 'GB' }, usable: { value: 20800, unit: 'GB' }, after_data_reduction: { value: 435, unit: 'GB' }, raw: { value: 41600, unit: 'GB' }, fits: true, raid: 'mirrored' },
  capacity_together: null,
  warnings: 0,
  critical_warnings: 0,
  platform_family: 'oracle-fs1',
  cost: { currency: null, total: null, complete: false, unpriced_lines: 3 },
  cost_per_throughput: { amount: null, currency: null, unit: null, basis: 'the most TPS sustained within the 20 ms SLA', note: 'No price book chosen' },
  consolidated: false,
  not_validated_reason: null,
  databases: [],
  ...over,
});

const quarter = column({});
const oneNode = column({ id: 2, name: 'One node', tps_at_sla: { value: 18378, unit: 'TPS' }, headroom_pct: { value: 89, unit: '%' }, bottleneck: 'cpu', warnings: 1 });

describe('compareRows', () => {
  const rows = Object.fromEntries(compareRows([quarter, oneNode]).map((r) => [r.key, r]));
  it('shows each figure per design with its unit', () => {
    expect(rows.tps?.values).toEqual(['25,800 TPS', '18,380 TPS']); // 4 significant figures, as the proposal prints
    expect(rows.headroom?.values).toEqual(['+166%', '+89%']);
    expect(rows.usable?.values).toEqual(['20,800 GB', '20,800 GB']);
    expect(rows.cost?.values).toEqual(['no price book', 'no price book']);
  });
  it('says each verdict, with the month a holds-until design misses a target', () => {
    const growing = column({ id: 4, verdict: 'holds-until', months_until_missed: 23 });
    const short = column({ id: 5, verdict: 'does-not-hold' });
    const verdicts = compareRows([quarter, growing, short]).find((r) => r.key === 'verdict');
    expect(verdicts?.values).toEqual(['holds', 'holds until month 23', 'does not hold']);
  });
  it('flags differences and marks the best design', () => {
    expect(rows.tps).toMatchObject({ differs: true, best: [0] });
    expect(rows.bottleneck).toMatchObject({ values: ['Storage', 'Server CPU'], differs: true, best: [] }); // the engine's station names
    expect(rows.usable).toMatchObject({ differs: false, best: [] });
    expect(rows.warnings).toMatchObject({ best: [0] }); // fewer warnings is better
  });
  it('marks no best throughput or headroom between a TPS design and an MB/s design', () => {
    const warehouse = column({ id: 3, name: 'Warehouse', kind: 'dss', tps_at_sla: null, sustained_throughput: { value: 1169, unit: 'MB/s' }, headroom_pct: { value: 16.9, unit: '%' } });
    const mixed = Object.fromEntries(compareRows([quarter, warehouse, oneNode]).map((r) => [r.key, r]));
    expect(mixed.tps).toMatchObject({ values: ['25,800 TPS', '1,169 MB/s', '18,380 TPS'], differs: true, best: [] });
    expect(mixed.headroom).toMatchObject({ differs: true, best: [] });
    expect(mixed.warnings?.best).toEqual([0, 1]); // other figures still rank; both with no warning tie
    const twoWarehouses = compareRows([warehouse, column({ ...warehouse, id: 4, sustained_throughput: { value: 573, unit: 'MB/s' }, headroom_pct: { value: -42.7, unit: '%' } })]);
    expect(twoWarehouses.find((r) => r.key === 'tps')?.best).toEqual([0]);
    expect(twoWarehouses.find((r) => r.key === 'headroom')?.best).toEqual([0]);
  });

  it('ranks no TPS between designs held to different SLAs, and shows each SLA', () => {
    const tpcc = column({ id: 5, name: 'XtremIO', tps_at_sla: { value: 996, unit: 'TPS' }, sla_response: { value: 2000, unit: 'ms' } });
    const rows2 = Object.fromEntries(compareRows([quarter, tpcc]).map((r) => [r.key, r]));
    expect(rows2.sla?.values).toEqual(['20 ms', '2,000 ms']);
    expect(rows2.tps).toMatchObject({ differs: true, best: [] });
    expect(sameSla([quarter, oneNode])).toBe(true);
  });
  it('counts critical warnings apart and ranks them first', () => {
    const critical = column({ id: 6, name: 'Short', warnings: 1, critical_warnings: 1 });
    const many = column({ id: 7, name: 'Many', warnings: 3, critical_warnings: 0 });
    const rows3 = Object.fromEntries(compareRows([critical, many]).map((r) => [r.key, r]));
    expect(rows3.warnings).toMatchObject({ values: ['1 (1 critical)', '3'], best: [1] });
  });

  it('reads one unit among the quantities present', () => {
    expect(sameUnit([{ value: 1, unit: 'TPS' }, null, { value: 2, unit: 'TPS' }])).toBe(true);
    expect(sameUnit([{ value: 1, unit: 'TPS' }, { value: 2, unit: 'MB/s' }])).toBe(false);
    expect(sameUnit([null, undefined])).toBe(true);
  });

  it('ranks cost only within one currency (lower is better)', () => {
    const a = column({ cost: { currency: 'USD', total: '100000.00', complete: true, unpriced_lines: 0 } });
    const b = column({ id: 2, cost: { currency: 'USD', total: '90000.00', complete: true, unpriced_lines: 0 } });
    const c = column({ id: 3, cost: { currency: 'EUR', total: '1.00', complete: true, unpriced_lines: 0 } });
    expect(compareRows([a, b]).find((r) => r.key === 'cost')).toMatchObject({ values: ['100,000.00 USD', '90,000.00 USD'], best: [1] });
    expect(compareRows([a, b, c]).find((r) => r.key === 'cost')).toMatchObject({ best: [], note: expect.stringContaining('different currencies') });
  });
});

describe('ties (issue 15, finding 9)', () => {
  it('shades every design tied for best, never one of two that differ by float residue', () => {
    const a = column({ tps_at_sla: { value: 25800.000000000004, unit: 'TPS' } });
    const b = column({ id: 2, tps_at_sla: { value: 25800, unit: 'TPS' } });
    const c = column({ id: 3, tps_at_sla: { value: 18378, unit: 'TPS' } });
    expect(compareRows([a, b, c]).find((r) => r.key === 'tps')).toMatchObject({ values: ['25,800 TPS', '25,800 TPS', '18,380 TPS'], best: [0, 1] });
    // Two tied designs and nothing else: nobody stands out.
    expect(compareRows([b, a]).find((r) => r.key === 'tps')).toMatchObject({ differs: false, best: [] });
  });
  it('reads ties on the published figure: the same shown headroom is one headroom', () => {
    const a = column({ headroom_pct: { value: 165.74, unit: '%' } });
    const b = column({ id: 2, headroom_pct: { value: 165.7, unit: '%' } });
    const c = column({ id: 3, headroom_pct: { value: 89, unit: '%' } });
    expect(compareRows([a, b, c]).find((r) => r.key === 'headroom')).toMatchObject({ values: ['+166%', '+166%', '+89%'], best: [0, 1] });
  });
  it('keeps the tolerance relative, so real differences still rank', () => {
    expect(bestIndices([1.0000001, 1, null], true)).toEqual([0]);
    expect(bestIndices([0.1 + 0.2, 0.3, 1], false)).toEqual([0, 1]);
    expect(bestIndices([5, null], true)).toEqual([]);
  });
});

describe('cost per unit of throughput', () => {
  const priced = (id: number, amount: string | null, currency = 'USD', note = '') =>
    column({
      id,
      cost: { currency, total: '1000000.00', complete: amount !== null, unpriced_lines: amount === null ? 2 : 0 },
      cost_per_throughput: { amount, currency, unit: `${currency} per TPS`, basis: 'the most TPS sustained within the 20 ms SLA', note },
    });
  it('shows money with its currency and unit, lowest best, and why one has none', () => {
    const r = compareRows([priced(1, '38.76'), priced(2, '54.41'), priced(3, null, 'USD', '2 BOM lines without a price: the cost is incomplete')]).find(
      (x) => x.key === 'cost-per-throughput',
    );
    expect(r).toMatchObject({
      label: 'Cost per TPS (the most TPS sustained within the 20 ms SLA)',
      values: ['38.76 USD per TPS', '54.41 USD per TPS', '— (2 BOM lines without a price: the cost is incomplete)'],
      best: [0],
    });
    expect(compareRows([quarter, oneNode]).find((x) => x.key === 'cost-per-throughput')?.values).toEqual(['— (No price book chosen)', '— (No price book chosen)']);
  });
  it('never ranks different currencies as if equal, and says so', () => {
    const r = compareRows([priced(1, '38.76'), priced(2, '1.00', 'EUR')]).find((x) => x.key === 'cost-per-throughput');
    expect(r).toMatchObject({ values: ['38.76 USD per TPS', '1.00 EUR per TPS'], best: [] });
    expect(r?.note).toMatch(/different currencies/);
  });
  it('ranks no cost per TPS against a cost per MB/s', () => {
    const warehouse = column({
      id: 9,
      kind: 'dss',
      tps_at_sla: null,
      sla_response: null,
      sustained_throughput: { value: 1169, unit: 'MB/s' },
      cost: { currency: 'USD', total: '10.00', complete: true, unpriced_lines: 0 },
      cost_per_throughput: { amount: '0.01', currency: 'USD', unit: 'USD per MB/s', basis: 'the sustained scan throughput', note: '' },
    });
    const r = compareRows([priced(1, '38.76'), warehouse]).find((x) => x.key === 'cost-per-throughput');
    expect(r).toMatchObject({ label: 'Cost per TPS or per MB/s', values: ['38.76 USD per TPS', '0.01 USD per MB/s'], best: [] });
  });
});

describe('bomSectionRows', () => {
  it('lists each section per design with quantities and its cost, across platforms', () => {
    const rows = bomSectionRows([
      {
        section: 'storage',
        label: 'Storage',
        designs: [
          { design: 1, items: [{ part_number: '7112956', description: 'FS1-2 controller', quantity: 2 }], currency: 'USD', total: '200000.00', unpriced_lines: 0 },
          { design: 2, items: [{ part_number: 'PS6010XV', description: 'EqualLogic PS6010XV', quantity: 1 }], currency: 'USD', total: '0.00', unpriced_lines: 1 },
          { design: 3, items: [], currency: null, total: null, unpriced_lines: 0 },
        ],
      },
    ]);
    expect(rows).toEqual([
      {
        section: 'storage',
        label: 'Storage',
        items: [['2 × FS1-2 controller'], ['1 × EqualLogic PS6010XV'], []],
        costs: ['200,000.00 USD', '0.00 USD (+1 line unpriced)', '—'],
      },
    ]);
  });
});

describe('bomDiffRows', () => {
  it('lists quantities per design and the delta to the first', () => {
    const rows = bomDiffRows(
      [{ section: 'servers', part_number: 'X5-2', description: 'Sun Server X5-2', quantities: { '1': 2, '2': 1 } }],
      [quarter, oneNode],
    );
    expect(rows).toEqual([
      { section: 'servers', partNumber: 'X5-2', description: 'Sun Server X5-2', quantities: [2, 1], texts: ['2', '1'], deltas: ['', '−1'] },
    ]);
  });

  it('writes "—" and no delta for a design without the line, never "0 (−2)" (issue 15, finding 9)', () => {
    const fs1 = column({ id: 1, platform_family: 'oracle-fs1' });
    const dell = column({ id: 2, name: 'EqualLogic', platform_family: 'equallogic' });
    const rows = bomDiffRows(
      [
        { section: 'servers', part_number: '7110316', description: 'Oracle Server X5-2', quantities: { '1': 2 } },
        { section: 'servers', part_number: 'PowerEdge R710', description: 'Dell PowerEdge R710', quantities: { '2': 2 } },
      ],
      [fs1, dell],
    );
    expect(rows.map((r) => r.texts)).toEqual([
      ['2', NO_LINE],
      [NO_LINE, '2'],
    ]);
    expect(rows.flatMap((r) => r.deltas)).toEqual(['', '', '', '']);
    expect(rows.flatMap((r) => r.texts).some((t) => t === '0')).toBe(false);
  });

  it('keeps quantity deltas within one family, and the line a larger design adds shows "—" in the smaller', () => {
    const half = column({ id: 3, name: 'Half rack' });
    const rows = bomDiffRows(
      [
        { section: 'servers', part_number: '7110316', description: 'Oracle Server X5-2', quantities: { '1': 2, '3': 4 } },
        { section: 'network', part_number: 'Sun Data Center InfiniBand Switch 36', description: 'IB switch', quantities: { '3': 1 } },
        { section: 'servers', part_number: '7110353', description: 'DIMM', quantities: { '1': 32, '3': 1064 } },
      ],
      [quarter, half],
    );
    expect(rows.map((r) => [r.texts, r.deltas])).toEqual([
      [['2', '4'], ['', '+2']],
      [[NO_LINE, '1'], ['', '']],
      [['32', '1,064'], ['', '+1,032']],
    ]);
  });
});

describe('bomDiffGroups', () => {
  it('groups the differing lines by section, in the sections\' order, with each design\'s money for the section', () => {
    const half = column({ id: 3, name: 'Half rack' });
    const groups = bomDiffGroups(
      [
        { section: 'network', part_number: 'IB36', description: 'IB switch', quantities: { '3': 1 } },
        { section: 'servers', part_number: '7110316', description: 'Oracle Server X5-2', quantities: { '1': 2, '3': 4 } },
      ],
      [quarter, half],
      [
        {
          section: 'servers',
          label: 'Servers',
          designs: [
            { design: 1, items: [{ part_number: '7110316', description: 'X5-2', quantity: 2 }], currency: 'USD', total: '20000.00', unpriced_lines: 0 },
            { design: 3, items: [{ part_number: '7110316', description: 'X5-2', quantity: 4 }], currency: 'USD', total: '40000.00', unpriced_lines: 0 },
          ],
        },
        {
          section: 'network',
          label: 'Network',
          designs: [
            { design: 1, items: [], currency: 'USD', total: null, unpriced_lines: 0 },
            { design: 3, items: [{ part_number: 'IB36', description: 'IB switch', quantity: 1 }], currency: 'USD', total: '0.00', unpriced_lines: 1 },
          ],
        },
      ],
    );
    expect(groups.map((g) => [g.label, g.costs, g.rows.map((r) => r.partNumber)])).toEqual([
      ['Servers', ['20,000.00 USD', '40,000.00 USD'], ['7110316']],
      ['Network', [NO_LINE, '0.00 USD (+1 line unpriced)'], ['IB36']],
    ]);
  });

  it('has no group for a section without differences', () => {
    expect(bomDiffGroups([], [quarter], [])).toEqual([]);
  });
});

describe('selection', () => {
  it('toggles designs and keeps at most four', () => {
    expect(toggleSelection([1, 2], 2)).toEqual([1]);
    expect(toggleSelection([1, 2, 3, 4], 5)).toEqual([1, 2, 3, 4]);
    expect(toggleSelection([1], 5)).toEqual([1, 5]);
  });
  it('reads ids from the URL', () => {
    expect(parseIds('3,1,3,x,-2')).toEqual([3, 1]);
    expect(parseIds(null)).toEqual([]);
  });
});

describe('selectionHint (issue 39: the message follows the count)', () => {
  it('says nothing from two designs chosen on, whatever the list offers', () => {
    expect(selectionHint(2, 1)).toBeNull();
    expect(selectionHint(2, 0)).toBeNull();
    expect(selectionHint(4, null)).toBeNull();
  });
  it('below two, says what is missing', () => {
    expect(selectionHint(0, 5)).toBe('Choose at least two designs to see them side by side.');
    expect(selectionHint(1, 5)).toBe('Choose one more design to see them side by side.');
    expect(selectionHint(0, null)).toBe('Choose at least two designs to see them side by side.');
    expect(selectionHint(1, 1)).toMatch(/^You need at least two designs to compare: only one/);
    expect(selectionHint(0, 0)).toMatch(/none is visible/);
  });
});
