import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import {
  evidenceErrors,
  evidenceForm,
  importTitle,
  measuredNumber,
  missingOrionRoles,
  orionRole,
  orionRunRows,
  pointsText,
  sourceText,
  swingbenchRunRows,
  uploadFiles,
  withOrionFiles,
  withSwingbenchFiles,
} from './evidence';
import { orionCheck, swingbenchCheck } from './evidence-fixture';

const file = (name: string, text = 'x') => new File([text], name, { type: 'text/plain' });

describe("which ORION file is which", () => {
  it('reads the role from the name ORION writes, with or without a time stamp, in any case', () => {
    expect(['test1_summary.txt', 'test1_20240101_1200_iops.csv', 'T1_MBPS.CSV', 'run_lat.csv', 'lat.csv', 'test1_trace.txt', 'test1_hist.txt', 'iops.txt'].map(orionRole)).toEqual([
      'summary',
      'iops',
      'mbps',
      'lat',
      'lat',
      null,
      null,
      null,
    ]);
  });

  it('adds files chosen one after another under their roles, a later one of a role replacing the earlier, others set aside', () => {
    const first = withOrionFiles({}, [file('t1_summary.txt'), file('t1_trace.txt')]);
    expect(Object.keys(first.files)).toEqual(['summary']);
    expect(first.ignored).toEqual(['t1_trace.txt']);
    expect(missingOrionRoles(first.files).map((r) => r.suffix)).toEqual(['_iops.csv', '_lat.csv']);
    const iops = file('t1_iops.csv', 'old');
    const newer = file('t1_iops.csv', 'newer');
    const second = withOrionFiles(first.files, [iops, file('t1_lat.csv')]);
    const third = withOrionFiles(second.files, [newer]);
    expect(third.files.iops).toBe(newer);
    // The _mbps.csv is not needed: a run without large I/O writes none.
    expect(missingOrionRoles(third.files)).toEqual([]);
  });

  it("keeps Swingbench files in the order chosen, a file of the same name replacing the one before", () => {
    const a = file('results_8u.xml');
    const b = file('results_16u.xml');
    const b2 = file('results_16u.xml', 'again');
    expect(withSwingbenchFiles(withSwingbenchFiles([], [a, b]), [b2])).toEqual([a, b2]);
  });
});

describe('the upload form', () => {
  it("sends ORION's files under their roles in the API's order, with the team and the existing system", () => {
    const files = { lat: file('t1_lat.csv'), summary: file('t1_summary.txt'), iops: file('t1_iops.csv') };
    const form = evidenceForm({ kind: 'orion', files, team: 1, existingSystem: 3 });
    expect([...form.keys()]).toEqual(['summary', 'iops', 'lat', 'team', 'existing_system']);
    expect((form.get('lat') as File).name).toBe('t1_lat.csv');
    expect([form.get('team'), form.get('existing_system')]).toEqual(['1', '3']);
    expect(uploadFiles({ kind: 'orion', files }).map((f) => f.name)).toEqual(['t1_summary.txt', 't1_iops.csv', 't1_lat.csv']);
  });

  it("sends Swingbench's files as the list `files`, no team or system when none is chosen", () => {
    const form = evidenceForm({ kind: 'swingbench', files: [file('a.xml'), file('b.xml')], team: null, existingSystem: null });
    expect([...form.keys()]).toEqual(['files', 'files']);
    expect(form.getAll('files').map((f) => (f as File).name)).toEqual(['a.xml', 'b.xml']);
  });
});

describe("the API's refusals, field by field", () => {
  it("names each file's field and keeps the API's words, which name the file and the line or element", () => {
    const refused = new ApiError(400, {
      iops: ['t1_iops.csv: line 2: the row for Large=0 has 3 values but the header names 4 small-I/O columns'],
      lat: ['big_lat.csv: the file is 10,485,761 bytes; the limit is 10,485,760 bytes (10 MB)'],
    });
    expect(evidenceErrors(refused)).toEqual([
      { field: 'iops', label: 'ORION IOPS grid (_iops.csv)', message: 't1_iops.csv: line 2: the row for Large=0 has 3 values but the header names 4 small-I/O columns' },
      { field: 'lat', label: 'ORION latency grid (_lat.csv)', message: 'big_lat.csv: the file is 10,485,761 bytes; the limit is 10,485,760 bytes (10 MB)' },
    ]);
    const together = new ApiError(400, { non_field_errors: ['other_20240202_0900_lat.csv and t1_iops.csv are of different ORION runs'] });
    expect(evidenceErrors(together).map((l) => [l.label, l.message])).toEqual([['The files together', 'other_20240202_0900_lat.csv and t1_iops.csv are of different ORION runs']]);
  });

  it('takes a per-file list message under its field', () => {
    const refused = new ApiError(400, { files: { '1': ['The submitted data was not a file.'] } });
    expect(evidenceErrors(refused)).toEqual([{ field: 'files', label: 'Swingbench results files', message: 'The submitted data was not a file.' }]);
  });

  it('says a 413, a 403 and an unreachable server in one message', () => {
    expect(evidenceErrors(new ApiError(413, { detail: 'Request body too large.' }))[0]!.message).toBe('Request body too large.');
    expect(evidenceErrors(new ApiError(413, null))[0]!.message).toContain('at most 10 MB a file');
    expect(evidenceErrors(new ApiError(403, { detail: 'Presales A: only its editors upload or delete imports.' }))).toEqual([
      { field: '', label: '', message: 'Presales A: only its editors upload or delete imports.' },
    ]);
    expect(evidenceErrors(new Error('The upload failed: the server could not be reached.'))[0]!.message).toBe('The upload failed: the server could not be reached.');
    expect(evidenceErrors(null)).toEqual([]);
  });
});

describe('the values in words', () => {
  it("gives every run parameter with the summary's line; one the summary does not print says so", () => {
    const check = orionCheck();
    const rows = Object.fromEntries(orionRunRows(check.orion.run).map((r) => [r.key, r]));
    expect(rows.test_name).toEqual({ key: 'test_name', label: 'Test', value: 'e2e', source: 'e2e_summary.txt, line 7' });
    expect([rows.small_io_kb!.value, rows.write_percent!.value, rows.read_percent!.value, rows.num_disks!.value]).toEqual(['8 KB', '0%', '100%', '4']);
    expect(rows.small_columns!.value).toBe('1, 2, 4');
    expect(rows.max_iops!.value).toBe('9,000 IOPS at Small=4, Large=0');
    expect(rows.min_latency!.value).toBe('250 us (0.25 ms) at Small=1, Large=0');
    expect(rows.latency_unit).toMatchObject({ value: 'us', source: "stated on the 'Minimum Small Latency' line (line 24)" });
    expect(rows.cache_size_mb).toMatchObject({ value: null, source: null });
    expect(rows.max_mbps!.value).toBeNull();
  });

  it("gives a Swingbench run's values with their elements", () => {
    const run = swingbenchCheck().swingbench.runs[0]!;
    const rows = Object.fromEntries(swingbenchRunRows(run).map((r) => [r.key, r]));
    expect(rows.users).toMatchObject({ value: '8', source: 'results_8u.xml, <Configuration>/<NumberOfUsers>' });
    expect(rows.average_tps).toMatchObject({ value: '210.5 TPS', source: 'results_8u.xml, <Overview>/<AverageTransactionsPerSecond>' });
    expect(rows.total_run_time_s!.value).toBe('300 s');
    expect(rows.average_response_ms!.value).toBe('4 ms');
  });

  it('shows a number with every digit the file gives, not rounded to four figures', () => {
    expect([measuredNumber(411.52), measuredNumber(3000), measuredNumber(0.12358), measuredNumber(5.123456), measuredNumber(26820)]).toEqual([
      '411.52',
      '3,000',
      '0.12358',
      '5.1235',
      '26,820',
    ]);
  });

  it('names a source, the points and an import', () => {
    expect(sourceText({ file: 't1_iops.csv', where: "line 2, column 'Small=1'" })).toBe("t1_iops.csv, line 2, column 'Small=1'");
    expect([pointsText('orion', 3), pointsText('swingbench', 1)]).toEqual(['3 IOPS–latency points', '1 load–response point']);
    expect([importTitle({ kind: 'orion', name: 'e2e' }), importTitle({ kind: 'swingbench', name: null })]).toEqual(['ORION run e2e', 'Swingbench series']);
  });
});
