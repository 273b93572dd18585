/**
 * The workload inputs as typed (the Recommend page's own, or each database's when several are asked
 * for together), the workload object the API takes, and where the API files each field's errors.
 */
import type { FieldErrors } from '../../../lib/api-client';

export type Kind = 'oltp' | 'dss';

/** The workload inputs as typed: the form's own (one database), or each database's (several). */
export interface WorkloadForm {
  kind: Kind;
  loadBy: 'tps' | 'users';
  targetTps: string;
  users: string;
  slaResponseMs: string;
  maxCpuPct: string;
  maxStorageLatencyMs: string;
  minHeadroomPct: string;
  userGrowthPct: string;
  dataGrowthPct: string;
  horizonYears: string;
  databaseSizeGb: string;
  targetThroughputMbS: string;
  queryStreams: string;
  /** Workload inputs the form does not show (a design's profile, think time...): sent as they are. */
  extras: Record<string, unknown>;
}

/** Form field -> workload field of the API. */
export const WORKLOAD_FIELDS = {
  targetTps: 'target_tps',
  users: 'users',
  slaResponseMs: 'sla_response_ms',
  maxCpuPct: 'max_cpu_pct',
  maxStorageLatencyMs: 'max_storage_latency_ms',
  minHeadroomPct: 'min_headroom_pct',
  userGrowthPct: 'user_growth_pct_per_year',
  dataGrowthPct: 'data_growth_pct_per_year',
  horizonYears: 'horizon_years',
  databaseSizeGb: 'database_size_gb',
  targetThroughputMbS: 'target_throughput_mb_s',
  queryStreams: 'query_streams',
} as const;

export type NumberFieldName = keyof typeof WORKLOAD_FIELDS;

const OLTP_FIELDS: NumberFieldName[] = [
  'slaResponseMs',
  'maxCpuPct',
  'maxStorageLatencyMs',
  'minHeadroomPct',
  'userGrowthPct',
  'dataGrowthPct',
  'horizonYears',
  'databaseSizeGb',
];
const DSS_FIELDS: NumberFieldName[] = ['targetThroughputMbS', 'queryStreams', 'minHeadroomPct', 'dataGrowthPct', 'horizonYears', 'databaseSizeGb'];

export const EMPTY_WORKLOAD: WorkloadForm = {
  kind: 'oltp',
  loadBy: 'tps',
  targetTps: '',
  users: '',
  slaResponseMs: '',
  maxCpuPct: '',
  maxStorageLatencyMs: '',
  minHeadroomPct: '',
  userGrowthPct: '',
  dataGrowthPct: '',
  horizonYears: '',
  databaseSizeGb: '',
  targetThroughputMbS: '',
  queryStreams: '',
  extras: {},
};

const text = (value: unknown): string => (typeof value === 'number' && Number.isFinite(value) ? String(value) : '');

/** The inputs of a workload passed in (a design's): shown fields filled, the rest kept as they are. */
export function workloadFormFromApi(workload: Record<string, unknown>): WorkloadForm {
  const form: WorkloadForm = { ...EMPTY_WORKLOAD, kind: workload.kind === 'dss' ? 'dss' : 'oltp', extras: {} };
  const shown = new Set<string>(['kind']);
  for (const [field, apiField] of Object.entries(WORKLOAD_FIELDS) as [NumberFieldName, string][]) {
    form[field] = text(workload[apiField]);
    shown.add(apiField);
  }
  if (form.kind === 'oltp' && !form.targetTps && form.users) form.loadBy = 'users';
  for (const [key, value] of Object.entries(workload)) if (!shown.has(key)) form.extras[key] = value;
  return form;
}

/** The workload inputs of the form (its own fields, the first database's when a second is added). */
export function workloadFormOf(form: WorkloadForm): WorkloadForm {
  return Object.fromEntries(Object.keys(EMPTY_WORKLOAD).map((key) => [key, form[key as keyof WorkloadForm]])) as unknown as WorkloadForm;
}

/** The fields the form shows for its kind (and load choice). */
export function visibleFields(form: WorkloadForm): NumberFieldName[] {
  if (form.kind === 'dss') return DSS_FIELDS;
  return [form.loadBy === 'tps' ? 'targetTps' : 'users', ...OLTP_FIELDS];
}

/** The workload object as /evaluate/ takes it: the visible fields typed, empty ones left to the API's defaults. */
export function workloadOf(form: WorkloadForm): Record<string, unknown> {
  const workload: Record<string, unknown> = { ...form.extras, kind: form.kind };
  for (const field of visibleFields(form)) {
    const raw = form[field].trim();
    if (raw !== '') workload[WORKLOAD_FIELDS[field]] = Number(raw);
  }
  return workload;
}

type Issue = { code?: string; path: readonly PropertyKey[]; message: string; minimum?: unknown; maximum?: unknown; inclusive?: boolean };

/** A bound's issue in words ("must be at most 100"), else the contract's own message. */
function inWords(issue: Issue): string {
  const bound = issue.code === 'too_big' ? issue.maximum : issue.code === 'too_small' ? issue.minimum : undefined;
  if (typeof bound !== 'number' && typeof bound !== 'bigint') return issue.message;
  const words = issue.code === 'too_big' ? (issue.inclusive ? 'at most' : 'less than') : issue.inclusive ? 'at least' : 'more than';
  return `must be ${words} ${bound}`;
}

/** A zod result's issues by the API's dotted path ("workload.max_cpu_pct", "databases.1.clones"). */
export function issuesByPath(issues: readonly Issue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.') || 'non_field_errors';
    errors[path] = [...(errors[path] ?? []), inWords(issue)];
  }
  return errors;
}

/** The API path of a form field (where its errors are filed): under `workload`, or a database's (`databases.1.workload`). */
export const errorPath = (field: NumberFieldName, prefix = 'workload'): string => `${prefix}.${WORKLOAD_FIELDS[field]}`;

/** The errors shown next to a field: the load field (TPS or users) also takes the other's ("give either"). */
export function fieldErrors(errors: FieldErrors, field: NumberFieldName, prefix = 'workload'): string[] | undefined {
  const paths = field === 'targetTps' || field === 'users' ? [errorPath('targetTps', prefix), errorPath('users', prefix)] : [errorPath(field, prefix)];
  const messages = paths.flatMap((p) => errors[p] ?? []);
  return messages.length ? messages : undefined;
}

/** The workload paths a set of workload fields shows its errors beside. */
export function shownWorkloadPaths(form: WorkloadForm, prefix = 'workload'): string[] {
  const shown = visibleFields(form).map((f) => errorPath(f, prefix));
  if (form.kind === 'oltp') shown.push(errorPath('targetTps', prefix), errorPath('users', prefix));
  return shown;
}

/** A message for a summary line: a "non_field_errors" one alone, any other with its path. */
export const summaryLine = (path: string, message: string): string =>
  path === 'non_field_errors' || path.endsWith('non_field_errors') ? message : `${path}: ${message}`;
