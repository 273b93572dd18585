/** Pure view logic of the measured evidence (ORION runs, Swingbench series): which ORION file is which,
 * the upload's form, the API's refusals field by field, and every parsed value in words with its file
 * and line or element. */
import { countOf } from '../../../components/format';
import { ApiError } from '../../../lib/api-client';
import type {
  EvidenceImportListItem,
  EvidenceKind,
  EvidenceSource,
  OrionPeak,
  OrionRun,
  SwingbenchRun,
} from '../api/evidence-types';

// --- the files ----------------------------------------------------------------------------------------

export type OrionRole = 'summary' | 'iops' | 'mbps' | 'lat';

export interface OrionRoleInfo {
  role: OrionRole;
  label: string;
  /** how ORION names the file: <test>[_<yyyymmdd_hhmm>]<suffix> */
  suffix: string;
  /** a run without large I/O writes no _mbps.csv, and the API takes the run without it */
  required: boolean;
}

/** The ORION files the API reads, in its form's order (its fields are the roles). */
export const ORION_ROLES: readonly OrionRoleInfo[] = [
  { role: 'summary', label: 'Summary', suffix: '_summary.txt', required: true },
  { role: 'iops', label: 'IOPS grid', suffix: '_iops.csv', required: true },
  { role: 'mbps', label: 'MB/s grid', suffix: '_mbps.csv', required: false },
  { role: 'lat', label: 'Latency grid', suffix: '_lat.csv', required: true },
];

/** Which ORION file this is, from its name as ORION writes it ("test1_20240101_1200_iops.csv", or
 * "iops.csv" once renamed); null for another file (ORION's _trace.txt, _hist.txt: not read). */
export function orionRole(fileName: string): OrionRole | null {
  const name = fileName.toLowerCase();
  for (const { role, suffix } of ORION_ROLES) {
    if (name.endsWith(suffix) || name === suffix.slice(1)) return role;
  }
  return null;
}

export type OrionFiles = Partial<Record<OrionRole, File>>;

/** The chosen files added to those chosen before, each under its role (a file of a role replaces the
 * one before); the files that are none of the four are `ignored`. */
export function withOrionFiles(current: OrionFiles, chosen: readonly File[]): { files: OrionFiles; ignored: string[] } {
  const files: OrionFiles = { ...current };
  const ignored: string[] = [];
  for (const file of chosen) {
    const role = orionRole(file.name);
    if (role) files[role] = file;
    else ignored.push(file.name);
  }
  return { files, ignored };
}

/** The files an ORION run still needs before it can be read (the summary, the IOPS and latency grids). */
export const missingOrionRoles = (files: OrionFiles): OrionRoleInfo[] => ORION_ROLES.filter((r) => r.required && !files[r.role]);

/** The chosen results files added to those chosen before; a file of the same name replaces the one before. */
export function withSwingbenchFiles(current: readonly File[], chosen: readonly File[]): File[] {
  const names = new Set(chosen.map((f) => f.name));
  return [...current.filter((f) => !names.has(f.name)), ...chosen];
}

export type EvidenceUpload =
  | { kind: 'orion'; files: OrionFiles; team?: number | null; existingSystem?: number | null }
  | { kind: 'swingbench'; files: readonly File[]; team?: number | null; existingSystem?: number | null };

/** The multipart body of a check or a save: ORION's files under their roles (summary, iops, mbps, lat),
 * Swingbench's as the list `files`; the team and the existing system when chosen. */
export function evidenceForm(upload: EvidenceUpload): FormData {
  const form = new FormData();
  if (upload.kind === 'orion') {
    for (const { role } of ORION_ROLES) {
      const file = upload.files[role];
      if (file) form.append(role, file);
    }
  } else {
    for (const file of upload.files) form.append('files', file);
  }
  if (upload.team !== undefined && upload.team !== null) form.append('team', String(upload.team));
  if (upload.existingSystem !== undefined && upload.existingSystem !== null) form.append('existing_system', String(upload.existingSystem));
  return form;
}

/** The files of an upload, in the form's order. */
export const uploadFiles = (upload: EvidenceUpload): File[] =>
  upload.kind === 'orion' ? ORION_ROLES.flatMap(({ role }) => (upload.files[role] ? [upload.files[role]] : [])) : [...upload.files];

// --- the API's refusals -------------------------------------------------------------------------------

/** The form's fields in words: an upload's 400 is under the field of the file refused. */
export const EVIDENCE_FIELD_LABELS: Readonly<Record<string, string>> = {
  summary: 'ORION summary (_summary.txt)',
  iops: 'ORION IOPS grid (_iops.csv)',
  mbps: 'ORION MB/s grid (_mbps.csv)',
  lat: 'ORION latency grid (_lat.csv)',
  files: 'Swingbench results files',
  non_field_errors: 'The files together',
  existing_system: 'Existing system',
  team: 'Team',
  name: 'Name',
  description: 'Description',
  family: 'Family',
  storage_model: 'Storage model',
};

export interface FieldMessage {
  /** the API's field ("iops", "files", "non_field_errors"), "" for a message about the whole request */
  field: string;
  label: string;
  /** the API's own words: a file's refusal names the file and the line or element */
  message: string;
}

/**
 * An upload's refusal field by field, in the API's words: `{"iops": ["t1_iops.csv: line 2: ..."]}` is
 * the IOPS grid's message, which names its file and line. A 413 (the body over 10.5 MB, not read) and a
 * 403 or 404 (`detail`) are one message in the server's words; so is a failure to reach the server.
 */
export function evidenceErrors(error: unknown): FieldMessage[] {
  if (!(error instanceof ApiError)) return error instanceof Error ? [{ field: '', label: '', message: error.message }] : [];
  const lines = Object.entries(error.fieldErrors).flatMap(([path, messages]) => {
    // A list's messages may come per file ("files.1"): the field is the first part.
    const field = path.split('.')[0] ?? path;
    return messages.map((message) => ({ field, label: EVIDENCE_FIELD_LABELS[field] ?? field, message }));
  });
  if (lines.length) return lines;
  // The server's 413 states its limit; a proxy's may come without a body the API wrote.
  const detail = typeof error.body === 'object' && error.body !== null && 'detail' in error.body;
  if (error.status === 413 && !detail) {
    return [{ field: '', label: '', message: 'The upload is too large: at most 10 MB a file and 10.5 MB together; nothing was read.' }];
  }
  return [{ field: '', label: '', message: error.message }];
}

// --- values in words ----------------------------------------------------------------------------------

/** A number as the file gives it, every digit kept up to 4 decimals (6 below 1: a latency of 123.58 us
 * is 0.12358 ms), thousands grouped ("411.52", "3,000", "0.25"): the preview is checked against the
 * file, so it is not rounded to the app's four significant figures. */
export function measuredNumber(value: number): string {
  if (!Number.isFinite(value)) return '—';
  return value.toLocaleString('en-US', { maximumFractionDigits: Math.abs(value) < 1 ? 6 : 4 });
}

/** "t1_iops.csv, line 2, column 'Small=1'", "results_8u.xml, <Overview>/<AverageTransactionsPerSecond>". */
export const sourceText = (source: EvidenceSource): string => `${source.file}, ${source.where}`;

export const KIND_LABELS: Readonly<Record<EvidenceKind, string>> = { orion: 'ORION run', swingbench: 'Swingbench series' };

/** "3 IOPS–latency points", "1 load–response point". */
export const pointsText = (kind: EvidenceKind, points: number): string =>
  countOf(points, kind === 'orion' ? 'IOPS–latency point' : 'load–response point');

/** An import in a few words: "ORION run e2e", "Swingbench series Order Entry (PLSQL) V2". */
export const importTitle = (item: Pick<EvidenceImportListItem, 'kind' | 'name'>): string =>
  item.name ? `${KIND_LABELS[item.kind]} ${item.name}` : KIND_LABELS[item.kind];

export interface EvidenceRow {
  key: string;
  label: string;
  /** the value in words with its unit, or null: the file does not give it (never 0) */
  value: string | null;
  /** the file and line or element, or how the value was decided */
  source: string | null;
}

interface Sourced<T> {
  value: T;
  source: EvidenceSource;
}

const row = <T,>(key: string, label: string, v: Sourced<T> | null, text: (value: T) => string): EvidenceRow =>
  v ? { key, label, value: text(v.value), source: sourceText(v.source) } : { key, label, value: null, source: null };

const withUnit = (unit: string) => (value: number) => `${measuredNumber(value)} ${unit}`;
const percent = (value: number) => `${measuredNumber(value)}%`;
const plain = (value: number) => measuredNumber(value);
const asText = (value: string) => value;

function peakRow(key: string, label: string, peak: OrionPeak | null, value: (p: OrionPeak) => string): EvidenceRow {
  if (!peak) return { key, label, value: null, source: null };
  const at = [peak.small !== null ? `Small=${peak.small}` : null, peak.large !== null ? `Large=${peak.large}` : null].filter(Boolean).join(', ');
  return { key, label, value: at ? `${value(peak)} at ${at}` : value(peak), source: sourceText(peak.source) };
}

/** The run's parameters and its summary's headline figures, each with the summary's line. */
export function orionRunRows(run: OrionRun): EvidenceRow[] {
  const latencyUnit = run.latency_unit ?? '';
  return [
    row('test_name', 'Test', run.test_name, asText),
    row('mode', 'Run mode', run.mode, asText),
    row('version', 'ORION version', run.version, asText),
    row('small_io_kb', 'Small I/O size', run.small_io_kb, withUnit('KB')),
    row('large_io_kb', 'Large I/O size', run.large_io_kb, withUnit('KB')),
    row('write_percent', 'Writes', run.write_percent, percent),
    row('read_percent', 'Reads', run.read_percent, percent),
    row('num_disks', 'Disks', run.num_disks, plain),
    row('cache_size_mb', 'Cache size', run.cache_size_mb, withUnit('MB')),
    row('matrix', 'Matrix', run.matrix, asText),
    row('io_types', 'I/O types', run.io_types, asText),
    row('duration_per_point_s', 'Duration of each data point', run.duration_per_point_s, withUnit('s')),
    row('small_columns', 'Outstanding small I/Os tested', run.small_columns, (v) => v.join(', ')),
    row('large_columns', 'Outstanding large I/Os tested', run.large_columns, (v) => v.join(', ')),
    row('total_data_points', 'Data points', run.total_data_points, plain),
    peakRow('max_iops', 'Maximum small IOPS', run.max_iops, (p) => `${measuredNumber(p.value)} IOPS`),
    peakRow('max_mbps', 'Maximum large MB/s', run.max_mbps, (p) => `${measuredNumber(p.value)} MB/s`),
    peakRow('min_latency', 'Minimum small latency', run.min_latency, (p) =>
      [`${measuredNumber(p.value)}${latencyUnit ? ` ${latencyUnit}` : ''}`, run.min_latency_ms !== null && latencyUnit !== 'ms' ? `(${measuredNumber(run.min_latency_ms)} ms)` : null]
        .filter(Boolean)
        .join(' '),
    ),
    { key: 'latency_unit', label: 'Latency unit', value: run.latency_unit ?? 'not stated', source: run.latency_unit_basis },
    row('command_line', 'Command line', run.command_line, asText),
  ];
}

/** One results file's run: what it ran and what it measured, each with its element. */
export function swingbenchRunRows(run: SwingbenchRun): EvidenceRow[] {
  return [
    row('benchmark_name', 'Benchmark', run.benchmark_name, asText),
    row('comment', 'Comment', run.comment, asText),
    row('time_of_run', 'Time of run', run.time_of_run, asText),
    row('total_run_time_s', 'Run time', run.total_run_time_s, withUnit('s')),
    row('users', 'Users', run.users, plain),
    row('total_completed_transactions', 'Completed transactions', run.total_completed_transactions, plain),
    row('total_failed_transactions', 'Failed transactions', run.total_failed_transactions, plain),
    row('average_tps', 'Average transactions per second', run.average_tps, withUnit('TPS')),
    row('maximum_tpm', 'Maximum transaction rate', run.maximum_tpm, withUnit('per minute')),
    row('average_response_ms', 'Average response (weighted by count)', run.average_response_ms, withUnit('ms')),
    { key: 'timings_unit', label: 'Response times read in', value: run.timings_unit, source: run.timings_unit_basis },
    row('min_inter_think_time', 'Minimum inter-transaction think time', run.min_inter_think_time, plain),
    row('max_inter_think_time', 'Maximum inter-transaction think time', run.max_inter_think_time, plain),
    row('min_intra_think_time', 'Minimum intra-transaction think time', run.min_intra_think_time, plain),
    row('max_intra_think_time', 'Maximum intra-transaction think time', run.max_intra_think_time, plain),
  ];
}

/** "b8f3c1d2…" : the start of a sha256, enough to tell two uploads apart at a glance (the full one is
 * in the title and the opened import). */
export const shortSha = (sha256: string): string => `${sha256.slice(0, 12)}…`;
