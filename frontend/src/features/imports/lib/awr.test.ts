import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import {
  awrDesignName,
  designRequest,
  errorLines,
  formatBytes,
  measuredNumber,
  oltpStartGroups,
  reportFacts,
  sourceText,
  valueText,
  workloadRows,
  type DesignStart,
} from './awr';
import { REPORT, WORKLOAD } from './fixture';

describe('an AWR preview in words', () => {
  it('gives sizes in bytes, KB and MB', () => {
    expect([formatBytes(812), formatBytes(2134), formatBytes(1.5 * 1024 * 1024)]).toEqual(['812 B', '2.1 KB', '1.5 MB']);
  });

  it('shows a measured number with the digits the report prints, grouped', () => {
    expect([measuredNumber(1234.5), measuredNumber(123.4), measuredNumber(0.6512493753), measuredNumber(1.2345678), measuredNumber(16)]).toEqual([
      '1,234.5',
      '123.4',
      '0.6512',
      '1.235',
      '16',
    ]);
    expect(valueText(WORKLOAD.transactions_per_s)).toBe('123.4 transactions/s');
    expect(valueText(null)).toBe('not printed');
  });

  it('names the section, row, column and line of a text report, the table of an HTML one', () => {
    expect(sourceText(WORKLOAD.transactions_per_s.source)).toBe('Load Profile, Transactions, Per Second, line 32');
    expect(sourceText({ ...WORKLOAD.transactions_per_s.source, line: null, table: 'This table displays load profile' })).toBe(
      'Load Profile, Transactions, Per Second, table “This table displays load profile”',
    );
  });

  it('lists every workload value with its unit and source; one not printed says so', () => {
    const rows = workloadRows(WORKLOAD);
    expect(rows.map((r) => [r.label, r.value, r.unit, r.source])).toEqual([
      ['Transactions per second', '123.4', 'transactions/s', 'Load Profile, Transactions, Per Second, line 32'],
      ['Read I/O requests per second', '1,234.5', 'requests/s', 'Load Profile, Read IO requests, Per Second, line 30'],
      ['Write I/O requests per second', '210.9', 'requests/s', 'Load Profile, Write IO requests, Per Second, line 31'],
      ['DB CPU seconds per second', '0.6512', 's/s', 'Time Model Statistics, DB CPU, Time (s), line 39'],
      ['Redo MB per second', '1.235', 'MB/s', 'Load Profile, Redo size (bytes), Per Second, line 27'],
      ['Single-block read latency', null, '', 'not printed in the report'],
    ]);
    expect(rows[3]!.note).toBe('DB CPU 2345.67 s / elapsed 60.03 min x 60');
  });

  it('sums the report up: database, release, kind, instances, elapsed', () => {
    expect(reportFacts(REPORT).map((f) => `${f.label}: ${f.value}`)).toEqual([
      'Database: E2EAWR',
      'Release: 19.0.0.0.0',
      'Report: text instance report',
      'Instance: synth1 (#1, dbhost01, 16 CPUs)',
      'Elapsed: 60.03 min',
    ]);
    expect(reportFacts({ ...REPORT, db_name: null, elapsed_min: null, instances: [] }).map((f) => f.value)).toContain('not printed');
  });

  it("says a refusal with the API's own message, which names the line or section", () => {
    const refused = new ApiError(400, { file: ["Load Profile: the file ends inside the 'Load Profile' section: this report cannot give a workload"] });
    expect(errorLines(refused)).toEqual(["Load Profile: the file ends inside the 'Load Profile' section: this report cannot give a workload"]);
    expect(errorLines(new ApiError(400, { team: ['you are a member of several teams: name one'] }))).toEqual(['team: you are a member of several teams: name one']);
    const zero = new ApiError(400, { workload: { tx_per_s: ['a workload of 0 transactions per second cannot be sized'] } });
    expect(errorLines(zero)).toEqual(['tx_per_s: a workload of 0 transactions per second cannot be sized']);
    expect(errorLines(new ApiError(403, { detail: 'You do not have permission to perform this action.' }))).toEqual([
      'You do not have permission to perform this action.',
    ]);
    expect(errorLines(null)).toEqual([]);
  });
});

const start = (id: string, family: string, extra: Partial<DesignStart> = {}): DesignStart => ({
  id,
  label: id,
  family,
  platform: { family, storage_model: id },
  referenceConfiguration: null,
  ...extra,
});

describe('a design from an import', () => {
  it('offers the OLTP starts by family, in the order given (the DSS start left out)', () => {
    const starts = [
      start('quarter', 'oracle-fs1', { referenceConfiguration: 'oracle-fs1-quarter-rack', workload: { kind: 'oltp', target_tps: 25800 } }),
      start('PS6010XV', 'equallogic'),
      start('PS6010S', 'equallogic'),
      start('PS6110XV-dss', 'equallogic', { workload: { kind: 'dss' } }),
      start('half', 'oracle-fs1'),
    ];
    const groups = oltpStartGroups(starts, { equallogic: 'Dell EqualLogic' });
    expect(groups.map((g) => [g.label, g.starts.map((s) => s.id)])).toEqual([
      ['oracle-fs1', ['quarter', 'half']],
      ['Dell EqualLogic', ['PS6010XV', 'PS6010S']],
    ]);
  });

  it('names the design after the database, numbered when taken', () => {
    expect(awrDesignName('PRODDB', 'awr.txt')).toBe('PRODDB from AWR');
    expect(awrDesignName(null, 'awrrpt_1_100_101.html')).toBe('awrrpt_1_100_101 from AWR');
    expect(awrDesignName('PRODDB', 'awr.txt', ['PRODDB from AWR', 'PRODDB from AWR (2)'])).toBe('PRODDB from AWR (3)');
  });

  it("builds POST /designs/ from the import's workload and the start's platform, in the import's team", () => {
    const workload = { kind: 'oltp', profile: 'custom', target_tps: 123.4, tx_per_s: 123.4, reads_per_s: 1234.5, db_cpu_s_per_s: 0.65 };
    const body = designRequest({ awr: { workload }, start: start('PS6010S', 'equallogic'), name: 'E2EAWR from AWR', team: 1, priceBook: 3 });
    expect(body).toEqual({
      name: 'E2EAWR from AWR',
      customer: '',
      team: 1,
      workload,
      platform: { family: 'equallogic', storage_model: 'PS6010S' },
      reference_configuration: null,
      price_book: 3,
    });
  });

  it("keeps a reference's platform and database size, not its rated load, and writes the inputs out", () => {
    const reference = start('quarter', 'oracle-fs1', {
      referenceConfiguration: 'oracle-fs1-quarter-rack',
      workload: { kind: 'oltp', target_tps: 25800, database_size_gb: 2000 },
    });
    const seen: Record<string, unknown>[] = [];
    const body = designRequest({
      awr: { workload: { kind: 'oltp', profile: 'custom', target_tps: 50, tx_per_s: 50 } },
      start: reference,
      name: 'X from AWR',
      team: null,
      inputs: (w, s) => {
        seen.push(w);
        return { workload: { ...w, think_time_s: 0 }, platform: { ...s.platform, raid: 'raid10' } };
      },
    });
    expect(seen).toEqual([{ database_size_gb: 2000, kind: 'oltp', profile: 'custom', target_tps: 50, tx_per_s: 50 }]);
    expect(body.workload.think_time_s).toBe(0);
    expect(body.platform.raid).toBe('raid10');
    expect(body.reference_configuration).toBe('oracle-fs1-quarter-rack');
    expect(body.price_book).toBeNull();
  });
});
