import { describe, expect, it } from 'vitest';
import { addDatabase, DATABASE_BOUNDS, databasesOf, draftOf, MAX_DATABASES, removeDatabase, validateDatabases } from './databases';
import { formFromInputs } from './design-form';
import { hasUnsavedChanges } from './save';

const PLATFORM = { family: 'xtremio', storage_model: 'X-Brick', rac_nodes: 4, arrays: 2 } as const;
const THREE = draftOf({
  databases: [
    { name: 'Orders', workload: { kind: 'oltp', users: 64 }, clones: 2, clone_load_pct: 50, priority: 1, paused: false },
    { name: 'Billing', workload: { kind: 'oltp', target_tps: 500, read_pct: 60 }, clones: 0, clone_load_pct: 50, priority: 2, paused: false },
    { name: 'Warehouse', workload: { kind: 'dss', target_throughput_mb_s: 2000 }, clones: 0, clone_load_pct: 50, priority: 3, paused: true },
  ],
  clone_reduction_ratio: 3,
});

describe('the databases draft', () => {
  it('sends back what it loaded, the first workload being the form’s', () => {
    const sent = databasesOf(THREE, { kind: 'oltp', users: 70 });
    expect(sent.map((d) => d.name)).toEqual(['Orders', 'Billing', 'Warehouse']);
    expect(sent[0]?.workload).toEqual({ kind: 'oltp', users: 70 });
    expect(sent[1]?.workload).toEqual({ kind: 'oltp', target_tps: 500, read_pct: 60 });
    expect(sent[2]).toMatchObject({ paused: true, priority: 3, workload: { kind: 'dss', target_throughput_mb_s: 2000 } });
  });

  it('removing the first database gives its place and the form to the next one', () => {
    const form = formFromInputs({ kind: 'oltp', users: 64 }, PLATFORM);
    const { draft, form: next } = removeDatabase(THREE, 0, form);
    expect(draft.rows.map((r) => r.name)).toEqual(['Billing', 'Warehouse']);
    expect(next.loadBy).toBe('tps');
    expect(next.targetTps).toBe('500');
    expect(next.readPct).toBe('60');
    expect(next.racNodes).toBe('4');
  });

  it('adds at most eight', () => {
    let draft = { rows: [], cloneReductionRatio: '' } as ReturnType<typeof draftOf>;
    for (let i = 0; i < 10; i += 1) draft = addDatabase(draft, null);
    expect(draft.rows).toHaveLength(MAX_DATABASES);
    expect(draft.rows.at(-1)?.name).toBe('Database 8');
  });

  it('checks names, loads and clones', () => {
    const draft = { ...THREE, rows: THREE.rows.map((r, i) => (i === 1 ? { ...r, name: ' ', load: '', clones: '21' } : r)) };
    expect(validateDatabases(draft)).toEqual({
      'databases.1.name': ['A database needs a name'],
      'databases.1.workload.target_tps': ['is required'],
      'databases.1.clones': ['must be at most 20'],
    });
  });

  it("checks a row's load against the API's bounds of its kind (a TPS or MB/s target is at least 0.001)", () => {
    expect(DATABASE_BOUNDS.load).toEqual({ users: { min: 1, max: 1_000_000 }, tps: { min: 0.001, max: 1_000_000 }, mbS: { min: 0.001, max: 1_000_000 } });
    const loaded = (i: number, load: string) => ({ ...THREE, rows: THREE.rows.map((r, j) => (j === i ? { ...r, load } : r)) });
    expect(validateDatabases(loaded(1, '0.0005'))).toEqual({ 'databases.1.workload.target_tps': ['must be at least 0.001'] });
    expect(validateDatabases(loaded(1, '0'))).toEqual({ 'databases.1.workload.target_tps': ['must be more than 0'] });
    expect(validateDatabases(loaded(1, '0.001'))).toEqual({});
    expect(validateDatabases(loaded(2, '0.0001'))).toEqual({ 'databases.2.workload.target_throughput_mb_s': ['must be at least 0.001'] });
    expect(validateDatabases(loaded(2, '2000000'))).toEqual({ 'databases.2.workload.target_throughput_mb_s': ['must be at most 1000000'] });
  });

  it("checks a priority against the API's bounds (1 = the most important)", () => {
    expect(DATABASE_BOUNDS.priority).toEqual({ min: 1, max: MAX_DATABASES, default: 1 });
    const ranked = (priority: string) => ({ ...THREE, rows: THREE.rows.map((r, i) => (i === 1 ? { ...r, priority } : r)) });
    expect(validateDatabases(ranked('0'))).toEqual({ 'databases.1.priority': ['must be at least 1'] });
    expect(validateDatabases(ranked('9'))).toEqual({ 'databases.1.priority': ['must be at most 8'] });
    expect(validateDatabases(ranked('1.5'))).toEqual({ 'databases.1.priority': ['must be a whole number'] });
    expect(validateDatabases(ranked(''))).toEqual({});
    expect(databasesOf(ranked('5'), { kind: 'oltp', users: 64 }).map((d) => d.priority)).toEqual([1, 5, 3]);
    expect(databasesOf(ranked(''), { kind: 'oltp', users: 64 }).map((d) => d.priority)).toEqual([1, undefined, 3]);
  });

  it('a change of the databases is an unsaved change', () => {
    const meta = { name: 'x', customer: '', status: 'draft', priceBook: null };
    const renamed = { ...THREE, rows: THREE.rows.map((r, i) => (i === 2 ? { ...r, name: 'DW' } : r)) };
    expect(hasUnsavedChanges({ form: 1, meta, databases: THREE }, { form: 1, meta, databases: THREE }, true)).toBe(false);
    expect(hasUnsavedChanges({ form: 1, meta, databases: THREE }, { form: 1, meta, databases: renamed }, true)).toBe(true);
  });
});
