/** Pure view logic of the imports page: an AWR preview's values in words, the API's refusals, and the
 * POST /designs/ body a saved import makes with a platform start. */
import { formatNumber } from '../../../components/format';
import { ApiError } from '../../../lib/api-client';
import type { AwrReport, AwrSource, AwrValue, AwrWorkloadValues } from '../api/types';

/** "812 B", "40.2 KB", "1.5 MB" (binary multiples, as the API's 10 MB limit is). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${formatNumber(bytes)} B`;
  if (bytes < 1024 * 1024) return `${formatNumber(bytes / 1024, 1)} KB`;
  return `${formatNumber(bytes / (1024 * 1024), 1)} MB`;
}

/** A measured number as the report printed it: every digit it gives up to 4 decimals, thousands
 * grouped ("1,234.5", "123.4", "0.6512"); not rounded to the app's four significant figures, so the
 * preview can be checked against the report line by line. */
export function measuredNumber(value: number): string {
  if (!Number.isFinite(value)) return '—';
  const abs = Math.abs(value);
  const decimals = abs >= 100 ? 1 : abs >= 1 ? 3 : 4;
  return value.toLocaleString('en-US', { maximumFractionDigits: decimals });
}

/** "Load Profile, Transactions, Per Second, line 32" (text) or "..., table “This table displays ...”" (HTML). */
export function sourceText(source: AwrSource): string {
  const parts = [source.section, source.row];
  if (source.column) parts.push(source.column);
  if (source.line !== null) parts.push(`line ${source.line}`);
  else if (source.table) parts.push(`table “${source.table}”`);
  return parts.join(', ');
}

export const valueText = (value: AwrValue | null | undefined): string =>
  value ? `${measuredNumber(value.value)} ${value.unit}` : 'not printed';

/** The custom profile's values, in the order the design editor's custom workload shows them. */
export const WORKLOAD_FIELDS: readonly (readonly [keyof AwrWorkloadValues, string])[] = [
  ['transactions_per_s', 'Transactions per second'],
  ['read_requests_per_s', 'Read I/O requests per second'],
  ['write_requests_per_s', 'Write I/O requests per second'],
  ['db_cpu_s_per_s', 'DB CPU seconds per second'],
  ['redo_mb_per_s', 'Redo MB per second'],
  ['single_block_read_ms', 'Single-block read latency'],
];

export interface ValueRow {
  key: string;
  label: string;
  /** the number in words, or null: the report does not print it */
  value: string | null;
  unit: string;
  source: string;
  note: string | null;
}

/** One row per workload value: a value not printed says so (null, never 0). */
export function workloadRows(workload: AwrWorkloadValues): ValueRow[] {
  return WORKLOAD_FIELDS.map(([key, label]) => {
    const v = workload[key];
    return v
      ? { key, label, value: measuredNumber(v.value), unit: v.unit, source: sourceText(v.source), note: v.source.note }
      : { key, label, value: null, unit: '', source: 'not printed in the report', note: null };
  });
}

export interface ReportFact {
  label: string;
  value: string;
}

/** The report's summary: database, release, instances and the interval measured. */
export function reportFacts(report: AwrReport): ReportFact[] {
  const instances = report.instances.map((i) => {
    const details = [i.number !== null ? `#${i.number}` : null, i.host, i.cpus ? `${measuredNumber(i.cpus.value)} CPUs` : null].filter(Boolean);
    return details.length ? `${i.name} (${details.join(', ')})` : i.name;
  });
  const kind = report.kind === 'rac_global' ? 'RAC global report' : report.pdb_report ? 'PDB report' : 'instance report';
  return [
    { label: 'Database', value: report.db_name ?? 'not printed' },
    { label: 'Release', value: report.release ?? 'not printed' },
    { label: 'Report', value: `${report.format === 'html' ? 'HTML' : 'text'} ${kind}${report.rac ? ', RAC' : ''}${report.cdb ? ', CDB' : ''}` },
    { label: report.instances.length === 1 ? 'Instance' : 'Instances', value: instances.length ? instances.join('; ') : 'not printed' },
    { label: 'Elapsed', value: report.elapsed_min ? `${measuredNumber(report.elapsed_min.value)} min` : 'not printed' },
  ];
}

/**
 * What an API refusal says, one line a message: the file's own messages as the API gives them (they
 * name the line or section: "Load Profile: the file ends inside ..."), other fields prefixed with
 * their name ("team: ..."), else the error's summary.
 */
export function errorLines(error: unknown): string[] {
  if (!(error instanceof ApiError)) return error instanceof Error ? [error.message] : [];
  const lines = Object.entries(error.fieldErrors).flatMap(([field, messages]) =>
    messages.map((m) => {
      // The workload endpoint names the design field under workload ({"workload": {"tx_per_s": [...]}}).
      const name = field.replace(/^workload\./, '');
      return name === 'file' || name === 'non_field_errors' || name === 'workload' ? m : `${name}: ${m}`;
    }),
  );
  if (lines.length) return lines;
  if (error.status === 413) return ['The file is too large: the limit is 10 MB.'];
  return [error.message];
}

// --- a design from an import -------------------------------------------------------------------------

/** A platform start as the new-design page offers it (the app gives them: designs' presets). */
export interface DesignStart {
  id: string;
  label: string;
  family: string;
  platform: Record<string, unknown>;
  /** The start's own workload (a reference's rated load, or a DSS start's scans); OLTP when absent. */
  workload?: Record<string, unknown>;
  referenceConfiguration: string | null;
}

export interface StartGroup {
  family: string;
  label: string;
  starts: DesignStart[];
}

/** The OLTP starts (the DSS ones do not run an AWR's transactions), by family in the registry's
 * order; the first of a family is its default. */
export function oltpStartGroups(starts: DesignStart[], familyLabels: Record<string, string> = {}): StartGroup[] {
  const groups: StartGroup[] = [];
  for (const start of starts) {
    if (start.workload?.kind === 'dss') continue;
    let group = groups.find((g) => g.family === start.family);
    if (!group) {
      group = { family: start.family, label: familyLabels[start.family] ?? start.family, starts: [] };
      groups.push(group);
    }
    group.starts.push(start);
  }
  return groups;
}

/** "PRODDB from AWR", numbered when the caller has a design of that name already. */
export function awrDesignName(dbName: string | null, fileName: string, existingNames: readonly string[] = []): string {
  const base = `${dbName || fileName.replace(/\.(txt|html?|lst|out)$/i, '') || 'Database'} from AWR`.slice(0, 190);
  let name = base;
  for (let n = 2; existingNames.includes(name); n += 1) name = `${base} (${n})`;
  return name;
}

export interface NewDesignBody {
  name: string;
  customer: string;
  team: number | null;
  workload: Record<string, unknown>;
  platform: Record<string, unknown>;
  reference_configuration: string | null;
  price_book: number | null;
}

/** Writes a design's inputs out as the editor will send them (the designs feature's defaults). */
export type DesignInputs = (
  workload: Record<string, unknown>,
  start: DesignStart,
) => { workload: Record<string, unknown>; platform: Record<string, unknown> };

const asIs: DesignInputs = (workload, start) => ({ workload, platform: start.platform });

/**
 * POST /designs/ for an import: the workload the import makes (GET /imports/awr/{id}/workload/, the
 * custom profile at the measured rate) on the chosen start's platform, in the import's team. The
 * start's rated load is not kept (the AWR's rate replaces it); its database size is, the AWR giving none.
 */
export function designRequest({
  awr,
  start,
  name,
  team,
  priceBook = null,
  inputs = asIs,
}: {
  /** GET .../workload/ (AwrDesignWorkload): its workload is the design API's, typed loosely here */
  awr: { workload: Record<string, unknown> };
  start: DesignStart;
  name: string;
  team: number | null;
  priceBook?: number | null;
  inputs?: DesignInputs;
}): NewDesignBody {
  const size = start.workload?.database_size_gb;
  const workload: Record<string, unknown> = { ...(typeof size === 'number' ? { database_size_gb: size } : {}), ...awr.workload };
  const written = inputs(workload, start);
  return {
    name,
    customer: '',
    team,
    workload: written.workload,
    platform: written.platform,
    reference_configuration: start.referenceConfiguration,
    price_book: priceBook,
  };
}
