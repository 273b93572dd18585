import { describe, expect, it } from 'vitest';
import { auditQueryString, auditRows, describeEntry, NO_FILTERS, OBJECT_TYPES, parseDesignId, showValue, type AuditEntry } from './audit-query';

const entry = (over: Partial<AuditEntry> = {}): AuditEntry => ({
  id: 'benchmarks.historicalpointvalue:9',
  at: '2026-11-25T15:02:11.204518Z',
  actor: 'admin',
  action: 'changed',
  object_type: 'measured value',
  object_id: '17',
  object_label: 'max_iops of point 5',
  summary: '',
  changes: [{ field: 'value', before: '4857.000000', after: '4900.500000' }],
  ...over,
});

describe('audit query string', () => {
  it('leaves empty filters out and always states the page size', () => {
    expect(auditQueryString(NO_FILTERS)).toBe('?limit=50');
  });

  it('sends every filter, trimmed, and times as instants', () => {
    const query = new URLSearchParams(
      auditQueryString({ objectType: 'measured value', actor: ' admin ', since: '2026-11-25T14:00', until: '', objectId: '17' }, 'abc', 20),
    );
    expect(query.get('object_type')).toBe('measured value');
    expect(query.get('actor')).toBe('admin');
    expect(query.get('since')).toBe(new Date('2026-11-25T14:00').toISOString());
    expect(query.has('until')).toBe(false);
    expect(query.get('object_id')).toBe('17');
    expect(query.get('limit')).toBe('20');
    expect(query.get('cursor')).toBe('abc');
  });

  it('offers the object types the schema publishes', () => {
    expect(OBJECT_TYPES).toContain('measured value');
    expect(OBJECT_TYPES).toContain('design');
    expect(OBJECT_TYPES).toContain('configuration component');
  });
});

describe('audit rows', () => {
  it('has one row per changed field, and one for an entry without field changes', () => {
    const rows = auditRows([
      entry({ changes: [{ field: 'value', before: '1', after: '2' }, { field: 'unit', before: 'IOPS', after: 'IOPS' }] }),
      entry({ id: 'share-link:3:revoked', action: 'revoked', actor: null, changes: [] }),
    ]);
    expect(rows.map((r) => [r.key, r.field, r.before, r.after])).toEqual([
      ['benchmarks.historicalpointvalue:9#0', 'value', '1', '2'],
      ['benchmarks.historicalpointvalue:9#1', 'unit', 'IOPS', 'IOPS'],
      ['share-link:3:revoked', '', '', ''],
    ]);
  });

  it('shows null as a dash, documents as compact JSON, long text cut', () => {
    expect(showValue(null)).toBe('—');
    expect(showValue({ rac_nodes: 2 })).toBe('{"rac_nodes":2}');
    expect(showValue(3)).toBe('3');
    const long = showValue('x'.repeat(500));
    expect(long).toHaveLength(120);
    expect(long.endsWith('…')).toBe(true);
  });

  it('describes an entry in words', () => {
    expect(describeEntry(entry())).toBe('measured value max_iops of point 5 changed');
  });
});

describe('design id', () => {
  it('takes positive integers only', () => {
    expect(parseDesignId('12')).toBe(12);
    expect(parseDesignId('0')).toBeNull();
    expect(parseDesignId('abc')).toBeNull();
    expect(parseDesignId(undefined)).toBeNull();
  });
});
