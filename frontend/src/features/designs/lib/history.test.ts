import { describe, expect, it } from 'vitest';
import { changedFields, exportLinks } from './history';

describe('changedFields', () => {
  it('writes nested changes as sentences, by their labels, with formatted numbers', () => {
    const text = changedFields({
      number: 2,
      changes: [
        { field: 'platform', before: { family: 'oracle-fs1', rac_nodes: 2 }, after: { family: 'oracle-fs1', rac_nodes: 1 } },
        { field: 'status', before: 'draft', after: 'proposed' },
      ],
    });
    expect(text).toBe('RAC nodes: 2 → 1. Status: draft → proposed.');
  });
  it('says nothing for the first revision (everything is new)', () => {
    expect(changedFields({ number: 1, changes: [{ field: 'name', before: null, after: 'x' }] })).toBe('');
    expect(changedFields({ number: 3, changes: [] })).toBe('No content change');
  });
  it("counts FS1-2 drive enclosures in the storage model's own word, not arrays (issue 39)", () => {
    const fs1 = { family: 'oracle-fs1', storage_model: 'FS1-2', rac_nodes: 2, arrays: 2 };
    const text = changedFields({ number: 2, changes: [{ field: 'platform', before: fs1, after: { ...fs1, rac_nodes: 3, arrays: 3 } }] });
    expect(text).toBe('Drive enclosures: 2 → 3. RAC nodes: 2 → 3.');
    // The storage model from the design when the change does not carry it.
    const bare = changedFields({ number: 2, changes: [{ field: 'platform', before: { arrays: 1 }, after: { arrays: 2 } }] }, { storageModel: 'X-Brick' });
    expect(bare).toBe('X-Bricks: 1 → 2.');
    expect(changedFields({ number: 2, changes: [{ field: 'platform', before: { arrays: 1 }, after: { arrays: 2 } }] }, { storageModel: 'PS6010XV' })).toBe(
      'Arrays: 1 → 2.',
    );
  });
  it('names the price book, else its number, never "— → 1"', () => {
    const change = { number: 2, changes: [{ field: 'price_book', before: null, after: 1 }] };
    const names = { priceBookName: (id: number) => (id === 1 ? 'DEMO — fictional prices, not a quote' : null) };
    expect(changedFields(change, names)).toBe('Price book: none → DEMO — fictional prices, not a quote.');
    expect(changedFields(change)).toBe('Price book: none → price book #1.');
    expect(changedFields({ number: 2, changes: [{ field: 'price_book', before: 1, after: null }] }, names)).toBe(
      'Price book: DEMO — fictional prices, not a quote → none.',
    );
  });
  it('formats numbers and units, names enum values, and shows no raw JSON', () => {
    const text = changedFields({
      number: 2,
      changes: [
        {
          field: 'workload',
          before: { kind: 'oltp', target_tps: 25800, database_size_gb: 2000, read_pct: 70 },
          after: { kind: 'dss', target_tps: 30000.0, database_size_gb: 3500.5, io_pattern: 'sequential' },
        },
        { field: 'platform', before: { raid: 'raid10', pam: false }, after: { raid: 'raid50', pam: true } },
        { field: 'bom_overrides', before: [], after: [{ part_number: 'X', quantity: 2 }] },
      ],
    });
    expect(text).toBe(
      'Database size: 2,000 GB → 3,501 GB. I/O pattern: none → Sequential. Workload kind: OLTP → DSS (data warehouse). ' +
        'Reads: 70% → none. Target load: 25,800 TPS → 30,000 TPS. PAM read cache: no → yes. RAID: RAID 10 → RAID 50. BOM overrides: none → 1 override.',
    );
    expect(text).not.toMatch(/[{}[\]"]|…|_/);
  });
  it('writes nested objects as "field: a → b" sentences', () => {
    const text = changedFields({
      number: 2,
      changes: [{ field: 'workload', before: { custom: { tx_per_s: 1200 } }, after: { custom: { tx_per_s: 1500 } } }],
    });
    expect(text).toBe('Custom, Transactions: 1,200/s → 1,500/s.');
  });
});

describe('exportLinks', () => {
  it('says which revision a saved export shows', () => {
    expect(exportLinks(7, 4).map((l) => [l.revisionNote, l.postsOnScreenInputs])).toEqual([
      ['exports revision 4', false],
      ['exports revision 4', false],
      ['exports revision 4', false],
      ['exports revision 4', false],
      ['exports revision 4', false],
    ]);
  });

  it('with unsaved changes, the proposal exports the screen and the BOM files say they leave the changes out', () => {
    const [proposal, annex, ...boms] = exportLinks(7, 4, true);
    for (const document of [proposal!, annex!]) {
      expect(document.postsOnScreenInputs).toBe(true);
      expect(document.revisionNote).toBe('exports what is on screen, marked "unsaved changes, not a saved revision"');
    }
    expect(boms.map((l) => [l.revisionNote, l.postsOnScreenInputs])).toEqual([
      ['exports revision 4 (unsaved changes not included)', false],
      ['exports revision 4 (unsaved changes not included)', false],
      ['exports revision 4 (unsaved changes not included)', false],
    ]);
  });

  it('points at the five export endpoints of the design', () => {
    expect(exportLinks(7).map((l) => l.href)).toEqual([
      '/api/v1/designs/7/export/proposal.pdf',
      '/api/v1/designs/7/export/annex.pdf',
      '/api/v1/designs/7/export/bom.pdf',
      '/api/v1/designs/7/export/bom.csv',
      '/api/v1/designs/7/export/bom.xlsx',
    ]);
  });
});

describe('changedFields: the databases of a design (issue 40)', () => {
  const orders = { name: 'Orders', workload: { kind: 'oltp', users: 64 }, clones: 0, clone_load_pct: 50, priority: 1, paused: false };
  const second = { name: 'Database 2', workload: { kind: 'oltp', users: 100 }, clones: 0, clone_load_pct: 50, priority: 2, paused: false };
  it('counts them when a design of one becomes one of several, and back', () => {
    expect(changedFields({ number: 2, changes: [{ field: 'databases', before: [], after: [orders, second] }] })).toBe('Databases: 1 → 2 (Orders, Database 2).');
    expect(changedFields({ number: 3, changes: [{ field: 'databases', before: [orders, second], after: [] }] })).toBe('Databases: 2 → 1.');
  });
  it('says what happened to each: added, renamed, paused, its inputs', () => {
    const warehouse = { name: 'Warehouse', workload: { kind: 'dss', target_throughput_mb_s: 2000 }, clones: 0, clone_load_pct: 50, priority: 3, paused: true };
    const text = changedFields({
      number: 4,
      changes: [
        { field: 'databases', before: [orders, second], after: [{ ...orders, clones: 2 }, { ...second, name: 'Billing', workload: { kind: 'oltp', users: 200 } }, warehouse] },
        { field: 'clone_reduction_ratio', before: null, after: 3 },
      ],
    });
    expect(text).toBe(
      "Databases: renamed Database 2 to Billing; added Warehouse; Orders, clones: 0 → 2; Billing, users: 100 → 200. Clone data reduction: the platform document's → 3:1.",
    );
  });
  it('says a database was paused or resumed, and removed', () => {
    const text = changedFields({ number: 2, changes: [{ field: 'databases', before: [orders, second, { ...second, name: 'Spare' }], after: [{ ...orders, paused: true }, second] }] });
    expect(text).toBe('Databases: removed Spare; paused Orders.');
  });
});
