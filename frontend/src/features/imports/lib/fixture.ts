/** An AWR preview and import as the API answers them for a small 19c text report (test data). */
import type { AwrImportCreated, AwrImportListItem, AwrPreview, AwrSource, AwrValue } from '../api/types';

const source = (section: string, row: string, line: number, note: string | null = null, column: string | null = 'Per Second'): AwrSource => ({
  section,
  row,
  column,
  line,
  table: null,
  note,
  where: `${section}, row '${row}'${column ? `, column '${column}'` : ''}, line ${line}${note ? ` (${note})` : ''}`,
});
const value = (v: number, unit: string, src: AwrSource): AwrValue => ({ value: v, unit, source: src });

export const WORKLOAD: AwrPreview['workload'] = {
  transactions_per_s: value(123.4, 'transactions/s', source('Load Profile', 'Transactions', 32)),
  read_requests_per_s: value(1234.5, 'requests/s', source('Load Profile', 'Read IO requests', 30)),
  write_requests_per_s: value(210.9, 'requests/s', source('Load Profile', 'Write IO requests', 31)),
  db_cpu_s_per_s: value(0.6512493753123438, 's/s', source('Time Model Statistics', 'DB CPU', 39, 'DB CPU 2345.67 s / elapsed 60.03 min x 60', 'Time (s)')),
  redo_mb_per_s: value(1.2345678, 'MB/s', source('Load Profile', 'Redo size (bytes)', 27, 'bytes/s / 10^6 (MB = 10^6 bytes)')),
  single_block_read_ms: null,
};

export const NOTES = ["no foreground 'db file sequential read' or 'cell single block physical read' row: the single-block read latency is absent"];

export const REPORT: AwrPreview['report'] = {
  format: 'text',
  kind: 'instance',
  db_name: 'E2EAWR',
  db_id: 1234567890,
  release: '19.0.0.0.0',
  rac: false,
  cdb: false,
  pdb_report: false,
  instances: [
    {
      name: 'synth1',
      number: 1,
      host: 'dbhost01',
      cpus: value(16, 'CPUs', source('Report header', 'dbhost01', 14, null, 'CPUs')),
      cores: value(8, 'cores', source('Report header', 'dbhost01', 14, null, 'Cores')),
    },
  ],
  host_cpus: 16,
  elapsed_min: value(60.03, 'min', source('Report header (snapshots)', 'Elapsed', 20, null, null)),
  db_time_min: value(120.51, 'min', source('Report header (snapshots)', 'DB Time', 21, null, null)),
  db_cpu_s: value(2345.67, 's', source('Time Model Statistics', 'DB CPU', 39, null, 'Time (s)')),
  load_profile: null,
  single_block_reads: [],
  iostat_functions: [],
};

export const PREVIEW: AwrPreview = {
  file_name: 'awrrpt_1_100_101.txt',
  size_bytes: 2134,
  sha256: 'ab'.repeat(32),
  format: 'text',
  encoding: 'utf-8',
  report: REPORT,
  workload: WORKLOAD,
  notes: NOTES,
  existing_import: null,
};

export const LISTED: AwrImportListItem = {
  id: 5,
  team: { id: 1, name: 'Presales A', slug: 'presales-a' },
  uploaded_by: { id: 2, username: 'alice' },
  uploaded_at: '2026-12-03T09:30:00Z',
  file_name: PREVIEW.file_name,
  size_bytes: PREVIEW.size_bytes,
  sha256: PREVIEW.sha256,
  format: 'text',
  encoding: 'utf-8',
  db_name: 'E2EAWR',
  release: '19.0.0.0.0',
  workload: WORKLOAD,
};

export const CREATED: AwrImportCreated = { ...LISTED, report: REPORT, notes: NOTES, existing: false };
