/**
 * The Recommend page's form: text fields as typed, turned into the POST /recommend/ body and checked
 * against the published contract (zRecommendInputRequest, generated from backend/openapi.yaml). Error
 * keys are the API's dotted paths, so client and server messages land next to the same field.
 */
import type { FieldErrors } from '../../../lib/api-client';
import { zRecommendInputRequest } from '../../../lib/api-zod';
import type { Family, RecommendRequest, Resilience } from '../api/types';

export type Kind = 'oltp' | 'dss';

export interface RecommendForm {
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
  resilience: Resilience;
  families: Family[];
  /** A price book id, '' for none (ranked by size). */
  priceBook: string;
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

export const EMPTY_FORM: RecommendForm = {
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
  resilience: 'none',
  families: [],
  priceBook: '',
  extras: {},
};

const text = (value: unknown): string => (typeof value === 'number' && Number.isFinite(value) ? String(value) : '');

/** The form for a workload passed in (a design's, through ?workload=): shown fields filled, the rest kept. */
export function formFromWorkload(workload: Record<string, unknown> | null): RecommendForm {
  if (!workload) return EMPTY_FORM;
  const form: RecommendForm = { ...EMPTY_FORM, kind: workload.kind === 'dss' ? 'dss' : 'oltp', extras: {} };
  const shown = new Set<string>(['kind']);
  for (const [field, apiField] of Object.entries(WORKLOAD_FIELDS) as [NumberFieldName, string][]) {
    form[field] = text(workload[apiField]);
    shown.add(apiField);
  }
  if (form.kind === 'oltp' && !form.targetTps && form.users) form.loadBy = 'users';
  for (const [key, value] of Object.entries(workload)) if (!shown.has(key)) form.extras[key] = value;
  return form;
}

/** The fields the form shows for its kind (and load choice). */
export function visibleFields(form: RecommendForm): NumberFieldName[] {
  if (form.kind === 'dss') return DSS_FIELDS;
  return [form.loadBy === 'tps' ? 'targetTps' : 'users', ...OLTP_FIELDS];
}

/** The workload object as /evaluate/ takes it: the visible fields typed, empty ones left to the API's defaults. */
export function workloadOf(form: RecommendForm): Record<string, unknown> {
  const workload: Record<string, unknown> = { ...form.extras, kind: form.kind };
  for (const field of visibleFields(form)) {
    const raw = form[field].trim();
    if (raw !== '') workload[WORKLOAD_FIELDS[field]] = Number(raw);
  }
  return workload;
}

export function toRequest(form: RecommendForm): RecommendRequest {
  return {
    workload: workloadOf(form),
    resilience: form.resilience,
    families: form.families,
    price_book: form.priceBook ? Number(form.priceBook) : null,
  };
}

/** The published contract's messages, by the API's dotted path ("workload.target_tps"). */
export function validateRequest(body: RecommendRequest): FieldErrors {
  const result = zRecommendInputRequest.safeParse(body);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.') || 'non_field_errors';
    errors[path] = [...(errors[path] ?? []), issue.message];
  }
  return errors;
}

/** The API path of a form field (where its errors are filed). */
export const errorPath = (field: NumberFieldName): string => `workload.${WORKLOAD_FIELDS[field]}`;

/** The errors shown next to a field: the load field (TPS or users) also takes the other's ("give either"). */
export function fieldErrors(errors: FieldErrors, field: NumberFieldName): string[] | undefined {
  const paths = field === 'targetTps' || field === 'users' ? [errorPath('targetTps'), errorPath('users')] : [errorPath(field)];
  const messages = paths.flatMap((p) => errors[p] ?? []);
  return messages.length ? messages : undefined;
}

/** Errors not next to a shown field (e.g. "give users or target_tps"), for a summary line. */
export function otherErrors(errors: FieldErrors, form: RecommendForm): string[] {
  const shown = new Set(visibleFields(form).map(errorPath));
  if (form.kind === 'oltp') [errorPath('targetTps'), errorPath('users')].forEach((p) => shown.add(p));
  shown.add('resilience');
  shown.add('families');
  shown.add('price_book');
  return Object.entries(errors)
    .filter(([path]) => !shown.has(path))
    .flatMap(([path, messages]) => messages.map((m) => (path === 'non_field_errors' || path.endsWith('non_field_errors') ? m : `${path}: ${m}`)));
}
