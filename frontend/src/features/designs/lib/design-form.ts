/**
 * The design editor's form: text fields as typed, turned into the API's {workload, platform} JSON
 * and validated with the contract the API publishes (input-contract.ts: bounds, defaults and choices
 * come from the zod schemas generated from backend/openapi.yaml). Error keys are the API's dotted
 * paths so client and server messages land next to the same field.
 *
 * The functions take an optional `schemas` (a modified copy of the published ones, in tests). What a
 * platform family offers (storage models, RAID levels, drives per enclosure, PAM, DSS evidence) comes
 * from the platform registry (src/lib/platforms.ts), passed in by the caller.
 */
import type * as z from 'zod/mini';
import type { FieldErrors } from '../../../lib/api-client';
import type { zBlockSizeKbEnum } from '../../../lib/api-zod';
import type { EvaluationPayload, PlatformInput, WorkloadInput } from '../api/types';
import { contractErrors, inputContract, publishedContract, type FieldRule, type InputSchemas, type WorkloadKind } from './input-contract';
import {
  CUSTOM_PROFILE,
  familyOf,
  offersDrivesPerEnclosure,
  ownProfile,
  profileOptions,
  raidLabel,
  supportsKind,
  type PlatformRegistry,
} from '../../../lib/platforms';

export type { WorkloadKind };

export interface DesignForm {
  /** OLTP (users or TPS against a response-time SLA) or DSS (scan throughput in MB/s). */
  kind: WorkloadKind;
  loadBy: 'users' | 'tps';
  users: string;
  targetTps: string;
  thinkTimeS: string;
  databaseSizeGb: string;
  dataGrowthPct: string;
  userGrowthPct: string;
  horizonYears: string;
  readPct: string;
  blockSizeKb: string;
  slaResponseMs: string;
  /**
   * Targets besides the SLA (sizing.verdict): the most CPU % at the design load (OLTP; empty = the
   * catalog's limit), the most storage read latency (OLTP; empty = none) and the least headroom.
   */
  maxCpuPct: string;
  maxStorageLatencyMs: string;
  minHeadroomPct: string;
  /** DSS: the scan throughput the warehouse needs. */
  targetThroughputMbS: string;
  queryStreams: string;
  ioPattern: 'random' | 'sequential';
  /**
   * OLTP: the workload profile the design runs, a slug of the registry's profiles or `custom`; '' = the
   * platform family's own benchmark (the user never chose one, so it follows the family).
   */
  profile: string;
  /** Order-entry schema size and SGA per instance; empty = the profile's measured ones. */
  warehouses: string;
  sgaGb: string;
  /** The user's own workload (profile custom), as an AWR load profile reads it: per second. */
  txPerS: string;
  readsPerS: string;
  writesPerS: string;
  dbCpuSPerS: string;
  redoMbPerS: string;
  family: string;
  storageModel: string;
  reference: string;
  racNodes: string;
  coresPerNode: string;
  arrays: string;
  raid: string;
  drivesPerEnclosure: string;
  /** The PAM read cache; null where the family does not offer it (nothing is sent then). */
  pam: boolean | null;
  /** Inputs the form does not show (e.g. ASM volumes, memory per node): kept as they are. */
  extras: { workload: Record<string, unknown>; platform: Record<string, unknown> };
}

export type FormField = Exclude<
  keyof DesignForm,
  'kind' | 'loadBy' | 'ioPattern' | 'profile' | 'pam' | 'family' | 'storageModel' | 'reference' | 'raid' | 'extras'
>;

/** Form field -> API path (the key of a DRF field error, flattened by ApiError). */
export const FIELD_PATHS: Record<Exclude<keyof DesignForm, 'extras'>, string> = {
  kind: 'workload.kind',
  loadBy: 'workload.users',
  users: 'workload.users',
  targetTps: 'workload.target_tps',
  thinkTimeS: 'workload.think_time_s',
  databaseSizeGb: 'workload.database_size_gb',
  dataGrowthPct: 'workload.data_growth_pct_per_year',
  userGrowthPct: 'workload.user_growth_pct_per_year',
  horizonYears: 'workload.horizon_years',
  readPct: 'workload.read_pct',
  blockSizeKb: 'workload.block_size_kb',
  slaResponseMs: 'workload.sla_response_ms',
  maxCpuPct: 'workload.max_cpu_pct',
  maxStorageLatencyMs: 'workload.max_storage_latency_ms',
  minHeadroomPct: 'workload.min_headroom_pct',
  targetThroughputMbS: 'workload.target_throughput_mb_s',
  queryStreams: 'workload.query_streams',
  ioPattern: 'workload.io_pattern',
  profile: 'workload.profile',
  warehouses: 'workload.warehouses',
  sgaGb: 'workload.sga_gb',
  txPerS: 'workload.tx_per_s',
  readsPerS: 'workload.reads_per_s',
  writesPerS: 'workload.writes_per_s',
  dbCpuSPerS: 'workload.db_cpu_s_per_s',
  redoMbPerS: 'workload.redo_mb_per_s',
  family: 'platform.family',
  storageModel: 'platform.storage_model',
  reference: 'platform.reference',
  racNodes: 'platform.rac_nodes',
  coresPerNode: 'platform.cores_per_node',
  arrays: 'platform.arrays',
  raid: 'platform.raid',
  drivesPerEnclosure: 'platform.drives_per_enclosure',
  pam: 'platform.pam',
};

/** The form's number fields that are workload inputs. */
const WORKLOAD_FORM_FIELDS = (Object.keys(FIELD_PATHS) as (keyof typeof FIELD_PATHS)[]).filter(
  (field): field is FormField => FIELD_PATHS[field].startsWith('workload.') && !['kind', 'loadBy', 'ioPattern', 'profile'].includes(field),
);

/** The form fields of the user's own workload (sent with profile custom only). */
export const CUSTOM_PROFILE_FIELDS = ['txPerS', 'readsPerS', 'writesPerS', 'dbCpuSPerS', 'redoMbPerS'] as const satisfies readonly FormField[];
/**
 * What the custom profile cannot do without (sizing.inputs.OltpWorkload): a cross-field rule the
 * published schema cannot state, so the form checks it with the API's words.
 */
const CUSTOM_PROFILE_REQUIRED: readonly FormField[] = ['txPerS', 'readsPerS', 'dbCpuSPerS'];
export const REQUIRED_FOR_CUSTOM = 'is required for the custom profile';
/**
 * The API takes exactly one of users and target TPS (sizing.inputs.OltpWorkload), another cross-field
 * rule: the way the form gives the load needs its figure. Without this check, switching to users before
 * the first evaluation is in (nothing to carry over, withLoadBy) sent neither and drew the API's 400.
 */
export const REQUIRED_LOAD = 'is required: the design is sized for this load';

const contractFor = (kind: WorkloadKind, schemas?: InputSchemas) => (schemas ? inputContract(kind, schemas) : publishedContract(kind));

/** The contract's default for a field of the kind's workload or of the platform ('' when it has none). */
function defaultOf(kind: WorkloadKind, part: 'workload' | 'platform', field: string, schemas?: InputSchemas): unknown {
  return contractFor(kind, schemas).rules[part][field]?.default;
}

// The workload profile and its inputs (OLTP only).
const PROFILE_INPUTS = ['profile', 'warehouses', 'sga_gb', 'tx_per_s', 'reads_per_s', 'writes_per_s', 'db_cpu_s_per_s', 'redo_mb_per_s'];
const WORKLOAD_FIELDS = ['kind', 'users', 'target_tps', 'think_time_s', 'database_size_gb', 'data_growth_pct_per_year', 'user_growth_pct_per_year', 'horizon_years', 'read_pct', 'block_size_kb', 'sla_response_ms', 'max_cpu_pct', 'max_storage_latency_ms', 'min_headroom_pct', 'target_throughput_mb_s', 'query_streams', 'io_pattern', ...PROFILE_INPUTS];
// Workload inputs the engine accepts for one kind only (engine_adapter.serializers.WorkloadSerializer).
const OLTP_ONLY = ['users', 'target_tps', 'think_time_s', 'read_pct', 'sla_response_ms', 'max_cpu_pct', 'max_storage_latency_ms', 'user_growth_pct_per_year', 'include_backup_overhead', 'include_growth_overhead', ...PROFILE_INPUTS];
const DSS_ONLY = ['target_throughput_mb_s', 'query_streams', 'io_pattern', 'orion_mode'];
const PLATFORM_FIELDS = ['family', 'storage_model', 'reference', 'rac_nodes', 'cores_per_node', 'arrays', 'raid', 'drives_per_enclosure', 'pam'];
// Platform inputs of a family with data reduction (registry: data_reduction_option): dropped when the
// family changes to one without it.
const DATA_REDUCTION_INPUTS = ['thin_provisioning', 'dedup_ratio'];

const without = (data: Record<string, unknown>, keys: string[]) =>
  Object.fromEntries(Object.entries(data).filter(([k, v]) => !keys.includes(k) && v !== null && v !== undefined));

const text = (value: unknown): string =>
  value === null || value === undefined ? '' : typeof value === 'number' ? String(value) : String(value);

export function formFromInputs(workload: WorkloadInput, platform: PlatformInput, schemas?: InputSchemas): DesignForm {
  const byTps = workload.target_tps !== undefined && workload.target_tps !== null;
  const kind: WorkloadKind = workload.kind === 'dss' ? 'dss' : 'oltp';
  // A field the design leaves out shows the contract's default for the design's kind (empty when none).
  const value = (part: 'workload' | 'platform', field: string) => {
    const given = (part === 'workload' ? workload : (platform as unknown as Record<string, unknown>))[field];
    return text(given ?? defaultOf(kind, part, field, schemas));
  };
  return {
    kind,
    loadBy: byTps ? 'tps' : 'users',
    users: byTps ? text(workload.users) : value('workload', 'users'),
    targetTps: text(workload.target_tps),
    thinkTimeS: value('workload', 'think_time_s'),
    databaseSizeGb: value('workload', 'database_size_gb'),
    dataGrowthPct: value('workload', 'data_growth_pct_per_year'),
    userGrowthPct: value('workload', 'user_growth_pct_per_year'),
    horizonYears: value('workload', 'horizon_years'),
    // The form's read share is the OLTP I/O mix; a DSS design's (the large I/O's reads) is not shown
    // and is carried as it is (extras).
    readPct: kind === 'dss' ? '' : value('workload', 'read_pct'),
    blockSizeKb: value('workload', 'block_size_kb'),
    slaResponseMs: value('workload', 'sla_response_ms'),
    maxCpuPct: value('workload', 'max_cpu_pct'),
    maxStorageLatencyMs: value('workload', 'max_storage_latency_ms'),
    minHeadroomPct: value('workload', 'min_headroom_pct'),
    targetThroughputMbS: value('workload', 'target_throughput_mb_s'),
    queryStreams: value('workload', 'query_streams'),
    ioPattern: workload.io_pattern === 'sequential' ? 'sequential' : 'random',
    profile: text(workload.profile),
    warehouses: value('workload', 'warehouses'),
    sgaGb: value('workload', 'sga_gb'),
    txPerS: value('workload', 'tx_per_s'),
    readsPerS: value('workload', 'reads_per_s'),
    writesPerS: value('workload', 'writes_per_s'),
    dbCpuSPerS: value('workload', 'db_cpu_s_per_s'),
    redoMbPerS: value('workload', 'redo_mb_per_s'),
    family: platform.family,
    storageModel: platform.storage_model,
    reference: text(platform.reference),
    racNodes: value('platform', 'rac_nodes'),
    coresPerNode: value('platform', 'cores_per_node'),
    arrays: value('platform', 'arrays'),
    raid: text(platform.raid),
    drivesPerEnclosure: text(platform.drives_per_enclosure),
    pam: typeof platform.pam === 'boolean' ? platform.pam : null,
    extras: {
      workload: without(workload, kind === 'dss' ? WORKLOAD_FIELDS.filter((f) => f !== 'read_pct') : WORKLOAD_FIELDS),
      platform: without(platform, PLATFORM_FIELDS),
    },
  };
}

/**
 * The DSS report's measured setup (dell-equallogic-dss-2012: two PS6110XV in RAID 50, the measured
 * 1 → 2 array case): where a design moves when switched to DSS on a family without DSS evidence, and
 * the new-design page's DSS start. Evidence of one document, not family vocabulary.
 */
export const DSS_EVIDENCE = { family: 'equallogic', storage_model: 'PS6110XV', arrays: 2, raid: 'raid50' } as const;
/** That report's throughput target: a DSS design starts from it where the contract declares no default
 * (the API requires the target). */
export const DSS_EVIDENCE_WORKLOAD = { kind: 'dss', target_throughput_mb_s: 1000 } as const;

/**
 * Switching between OLTP and DSS: inputs of the other kind are dropped, the block size moves to the
 * kind's default if it was at the other's, and a platform whose family has no DSS evidence in the
 * registry becomes the DSS report's setup (DSS_EVIDENCE).
 */
export function withKind(form: DesignForm, kind: WorkloadKind, registry: PlatformRegistry, schemas?: InputSchemas): DesignForm {
  if (form.kind === kind) return form;
  const dss = kind === 'dss';
  const fromBlock = defaultOf(form.kind, 'workload', 'block_size_kb', schemas);
  const toBlock = defaultOf(kind, 'workload', 'block_size_kb', schemas);
  // An empty workload field takes the new kind's default (e.g. DSS throughput and streams, OLTP users).
  // An OLTP-only field (e.g. the read share, which DSS also names for its large I/O) keeps its value.
  const filled = Object.fromEntries(
    WORKLOAD_FORM_FIELDS.map((field) => {
      const name = FIELD_PATHS[field].slice('workload.'.length);
      return [field, form[field] || (dss && OLTP_ONLY.includes(name) ? '' : text(defaultOf(kind, 'workload', name, schemas)))];
    }),
  );
  if (dss && !filled.targetThroughputMbS) filled.targetThroughputMbS = String(DSS_EVIDENCE_WORKLOAD.target_throughput_mb_s);
  let next: DesignForm = {
    ...form,
    ...filled,
    kind,
    blockSizeKb: toBlock !== undefined && Number(form.blockSizeKb) === fromBlock ? text(toBlock) : (filled.blockSizeKb ?? form.blockSizeKb),
    extras: { ...form.extras, workload: without(form.extras.workload, dss ? OLTP_ONLY : DSS_ONLY) },
  };
  if (dss && !supportsKind(familyOf(registry, form.family), 'dss')) {
    next = {
      ...withFamily(next, DSS_EVIDENCE.family, registry),
      storageModel: DSS_EVIDENCE.storage_model,
      raid: DSS_EVIDENCE.raid,
      arrays: String(DSS_EVIDENCE.arrays),
    };
  }
  return next;
}

/** The form's platform fields (what a switch to DSS may replace). */
const PLATFORM_KEYS = ['family', 'storageModel', 'reference', 'racNodes', 'coresPerNode', 'arrays', 'raid', 'drivesPerEnclosure', 'pam'] as const;

/** What the workload-kind switch remembers within one editing session. */
export interface KindSwitchMemory {
  /** The form before a switch to DSS replaced its platform: that platform returns with OLTP. */
  replaced: DesignForm | null;
  /** Tells the user the platform was switched (shown while the design is DSS). */
  notice: string | null;
}

export const NO_KIND_SWITCH: KindSwitchMemory = { replaced: null, notice: null };

/** "FS1-2 × 2, reference oracle-fs1-quarter-rack", "PS6110XV × 2, RAID 50". */
export function platformText(form: DesignForm, registry: PlatformRegistry): string {
  const details = [form.raid ? raidLabel(registry, form.raid) : null, form.reference ? `reference ${form.reference}` : null].filter(Boolean);
  return `${form.storageModel} × ${form.arrays}${details.length ? `, ${details.join(', ')}` : ''}`;
}

/**
 * withKind, told to the user: a switch to DSS that replaces the platform says so and remembers the
 * old platform; switching back to OLTP restores it, unless the user has picked another family since.
 */
export function switchKind(
  form: DesignForm,
  kind: WorkloadKind,
  memory: KindSwitchMemory,
  registry: PlatformRegistry,
  schemas?: InputSchemas,
): { form: DesignForm; memory: KindSwitchMemory } {
  if (form.kind === kind) return { form, memory };
  const next = withKind(form, kind, registry, schemas);
  if (kind === 'dss') {
    if (next.family === form.family) return { form: next, memory: NO_KIND_SWITCH };
    return {
      form: next,
      memory: {
        replaced: form,
        notice: `DSS evidence exists only for ${dssFamilies(registry)}: the platform was switched from ${platformText(form, registry)} to ${platformText(next, registry)}.`,
      },
    };
  }
  const replaced = memory.replaced;
  if (!replaced || next.family !== DSS_EVIDENCE.family) return { form: next, memory: NO_KIND_SWITCH };
  const platform = Object.fromEntries(PLATFORM_KEYS.map((key) => [key, replaced[key]])) as Pick<DesignForm, (typeof PLATFORM_KEYS)[number]>;
  return { form: { ...next, ...platform, extras: { ...next.extras, platform: replaced.extras.platform } }, memory: NO_KIND_SWITCH };
}

/** "Dell EqualLogic, EMC XtremIO": the families with DSS evidence. */
const dssFamilies = (registry: PlatformRegistry) =>
  registry
    .filter((f) => supportsKind(f, 'dss'))
    .map((f) => f.label)
    .join(', ');

/**
 * Switching family resets what belongs to the old one (storage model, RAID, PAM, reference). The
 * workload profile stays as it is: one the user never chose ('') follows the new family's own
 * benchmark, one the user chose (another document's load, or their own figures) is theirs to keep.
 */
export function withFamily(form: DesignForm, family: string, registry: PlatformRegistry): DesignForm {
  const info = familyOf(registry, family);
  return {
    ...form,
    family,
    storageModel: info?.storage_models[0]?.name ?? '',
    raid: '',
    pam: info?.pam_option ? false : null,
    reference: '',
    drivesPerEnclosure: offersDrivesPerEnclosure(info) ? form.drivesPerEnclosure : '',
    extras: {
      ...form.extras,
      platform: info?.data_reduction_option ? form.extras.platform : without(form.extras.platform, DATA_REDUCTION_INPUTS),
    },
  };
}

const FORM_PATHS = new Set(Object.values(FIELD_PATHS));

/** The API paths of the fields the form shows for its kind, load measure and family, empty or not. */
function shownFields(form: DesignForm): Set<string> {
  const draft = draftOf(form);
  const paths = [
    ...Object.keys(draft.workload).map((field) => `workload.${field}`),
    ...Object.keys(draft.platform).map((field) => `platform.${field}`),
  ];
  return new Set(paths.filter((path) => FORM_PATHS.has(path)));
}

/**
 * Client-side checks, keyed by API path: the published contract's messages for the fields the form
 * shows. Inputs the form does not show (extras) are left to the API, whose 400 lists them above the results.
 */
export function validateForm(form: DesignForm, schemas?: InputSchemas): FieldErrors {
  const shown = shownFields(form);
  const errors = contractErrors(contractFor(form.kind, schemas), payloadOf(form));
  if (form.kind === 'oltp') {
    const load = form.loadBy === 'users' ? 'users' : 'targetTps';
    if (form[load].trim() === '') errors[FIELD_PATHS[load]] = [REQUIRED_LOAD];
  }
  if (usesCustomProfile(form)) {
    for (const field of CUSTOM_PROFILE_REQUIRED) {
      if (form[field].trim() === '') errors[FIELD_PATHS[field]] = [REQUIRED_FOR_CUSTOM];
    }
  }
  return Object.fromEntries(Object.entries(errors).filter(([path]) => shown.has(path)));
}

/** The design describes its own workload (AWR figures) rather than a document's benchmark. */
export const usesCustomProfile = (form: DesignForm): boolean => form.kind === 'oltp' && form.profile === CUSTOM_PROFILE;

export interface ProfileChoice {
  /** What the select shows: the chosen profile, else the family's own. */
  value: string;
  options: { value: string; label: string }[];
  /** The family's own benchmark, if the registry names one. */
  own: { value: string; label: string } | null;
  /** Set when the design runs a profile measured on another family's servers. */
  foreignFamily: string | null;
}

/**
 * The profile select: every family's benchmark and the user's own figures, the family's own marked;
 * it shows the family's own while the user has chosen none ('' is sent: the API resolves it).
 */
export function profileChoice(form: DesignForm, registry: PlatformRegistry): ProfileChoice {
  const own = ownProfile(registry, form.family);
  const options = profileOptions(registry).map((o) => ({
    value: o.value,
    label: o.value === own?.value ? `${o.label} (this platform's own)` : o.label,
    family: o.family,
  }));
  const value = form.profile || own?.value || '';
  const listed = options.some((o) => o.value === value);
  const chosen = options.find((o) => o.value === form.profile);
  const foreign = chosen?.family && chosen.family !== form.family ? (familyOf(registry, chosen.family)?.label ?? chosen.family) : null;
  return {
    value,
    options: [
      // A family the registry names no profile for (yet): its benchmark, as the API resolves it.
      ...(own ? [] : [{ value: '', label: "The platform's own benchmark" }]),
      ...options.map(({ value: v, label }) => ({ value: v, label })),
      // A saved profile the registry no longer offers is shown as it is (the API says if it is refused).
      ...(listed || value === '' ? [] : [{ value, label: value }]),
    ],
    own: own && { value: own.value, label: own.label },
    foreignFamily: foreign,
  };
}

/** The current evaluation's design load (summary.users, summary.design_tps), when it is an OLTP one. */
export interface DesignLoad {
  users: number;
  tps: number;
}

/** The design load of an OLTP evaluation (null for DSS or none yet). */
export function designLoadOf(payload: EvaluationPayload | null | undefined): DesignLoad | null {
  const evaluation = payload?.evaluation;
  if (!evaluation || evaluation.kind !== 'oltp') return null;
  return { users: evaluation.summary.users.value, tps: evaluation.summary.design_tps.value };
}

/**
 * Switching how the load is given (users or Target TPS): an empty field of the new way takes the
 * current evaluation's equivalent (its design load), so the design stays where it was instead of
 * being emptied and flagged. TPS to one decimal, users whole (at least one).
 */
export function withLoadBy(form: DesignForm, loadBy: DesignForm['loadBy'], load?: DesignLoad | null): DesignForm {
  if (form.loadBy === loadBy) return form;
  const next = { ...form, loadBy };
  if (!load) return next;
  if (loadBy === 'tps' && form.targetTps.trim() === '' && load.tps > 0) next.targetTps = String(Math.round(load.tps * 10) / 10);
  if (loadBy === 'users' && form.users.trim() === '' && load.users > 0) next.users = String(Math.max(1, Math.round(load.users)));
  return next;
}

/** The HTML bounds of a number field (min, max, step), from the contract; none where it sets none. */
export function inputBounds(form: DesignForm, field: FormField, schemas?: InputSchemas): { min?: number; max?: number; step: number | 'any' } {
  const [part, name] = FIELD_PATHS[field].split('.') as ['workload' | 'platform', string];
  const rule: FieldRule | undefined = contractFor(form.kind, schemas).rules[part][name];
  return { min: rule?.minimum ?? rule?.exclusiveMinimum, max: rule?.maximum ?? rule?.exclusiveMaximum, step: rule?.integer ? 1 : 'any' };
}

/**
 * The only numbers a field takes, where the contract lists them (the OLTP block size: Oracle's 2 to
 * 32 KB), as select options; a saved value outside them is kept as an option so the form can flag it.
 * Null where the field is a free number.
 */
export function allowedNumbers(form: DesignForm, field: FormField, schemas?: InputSchemas): string[] | null {
  const [part, name] = FIELD_PATHS[field].split('.') as ['workload' | 'platform', string];
  const choices = contractFor(form.kind, schemas).rules[part][name]?.choices?.filter((c): c is number => typeof c === 'number');
  if (!choices?.length) return null;
  const values = choices.map(String);
  const current = form[field];
  return typeof current === 'string' && current !== '' && !values.includes(current) ? [...values, current] : values;
}

// Text that is not a number stays NaN, which the contract rejects as "must be a number".
const num = (raw: string): number | undefined => (raw.trim() === '' ? undefined : Number(raw));

/** The API's {workload, platform}; null when the form has errors (nothing is sent then). */
export function toInputs(form: DesignForm, schemas?: InputSchemas): { workload: WorkloadInput; platform: PlatformInput } | null {
  if (Object.keys(validateForm(form, schemas)).length) return null;
  return payloadOf(form);
}

/** The form as the API's {workload, platform}; an empty field is left out (the API's default applies). */
function payloadOf(form: DesignForm): { workload: WorkloadInput; platform: PlatformInput } {
  const draft = draftOf(form);
  return { workload: dropUndefined(draft.workload), platform: dropUndefined(draft.platform) };
}

/** The fields the form sends for its kind, load measure and family; an empty one is undefined. */
function draftOf(form: DesignForm): { workload: WorkloadInput; platform: PlatformInput } {
  const workload = form.kind === 'dss' ? dssWorkload(form) : oltpWorkload(form);
  const platform: PlatformInput = {
    ...form.extras.platform,
    // The selects offer only the contract's choices; validateForm checks them before anything is sent.
    family: form.family as PlatformInput['family'],
    storage_model: form.storageModel as PlatformInput['storage_model'],
    reference: form.reference || undefined,
    rac_nodes: num(form.racNodes),
    cores_per_node: num(form.coresPerNode),
    arrays: num(form.arrays),
    raid: form.raid || undefined,
    // withFamily empties both where the family does not offer them.
    drives_per_enclosure: num(form.drivesPerEnclosure),
    pam: form.pam ?? undefined,
  };
  return { workload, platform };
}

function oltpWorkload(form: DesignForm): WorkloadInput {
  return {
    ...without(form.extras.workload, DSS_ONLY),
    kind: 'oltp',
    ...(form.loadBy === 'users' ? { users: num(form.users) } : { target_tps: num(form.targetTps) }),
    think_time_s: num(form.thinkTimeS),
    database_size_gb: num(form.databaseSizeGb),
    data_growth_pct_per_year: num(form.dataGrowthPct),
    user_growth_pct_per_year: num(form.userGrowthPct),
    horizon_years: num(form.horizonYears),
    read_pct: num(form.readPct),
    // One of the contract's sizes once validateForm has passed (the select offers only those).
    block_size_kb: num(form.blockSizeKb) as z.input<typeof zBlockSizeKbEnum> | undefined,
    sla_response_ms: num(form.slaResponseMs),
    max_cpu_pct: num(form.maxCpuPct),
    max_storage_latency_ms: num(form.maxStorageLatencyMs),
    min_headroom_pct: num(form.minHeadroomPct),
    // '' = the family's own benchmark: left out, the API resolves it.
    profile: (form.profile || undefined) as WorkloadInput['profile'],
    warehouses: num(form.warehouses),
    sga_gb: num(form.sgaGb),
    // The AWR figures go with the custom profile only (the API refuses them otherwise); the form keeps
    // them while another profile is chosen.
    ...(usesCustomProfile(form)
      ? {
          tx_per_s: num(form.txPerS),
          reads_per_s: num(form.readsPerS),
          writes_per_s: num(form.writesPerS),
          db_cpu_s_per_s: num(form.dbCpuSPerS),
          redo_mb_per_s: num(form.redoMbPerS),
        }
      : {}),
  };
}

function dssWorkload(form: DesignForm): WorkloadInput {
  return {
    // A DSS design's own read share (of its large I/O) rides in the extras; the OLTP inputs do not.
    ...without(form.extras.workload, OLTP_ONLY.filter((f) => f !== 'read_pct')),
    kind: 'dss',
    target_throughput_mb_s: num(form.targetThroughputMbS),
    query_streams: num(form.queryStreams),
    io_pattern: form.ioPattern,
    block_size_kb: num(form.blockSizeKb),
    database_size_gb: num(form.databaseSizeGb),
    min_headroom_pct: num(form.minHeadroomPct),
    data_growth_pct_per_year: num(form.dataGrowthPct),
    horizon_years: num(form.horizonYears),
  };
}

function dropUndefined<T extends Record<string, unknown>>(data: T): T {
  return Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined)) as T;
}

/**
 * The reference configuration a design's BOM scales from, as long as the platform family is the one
 * it was saved with: a family switch (e.g. FS1-2 to EqualLogic for DSS) leaves the reference behind,
 * which the API would otherwise refuse as a family mismatch.
 */
export function referenceConfigurationFor(form: DesignForm, saved: { family: string; reference: string | null }): string | null {
  return form.family === saved.family ? saved.reference : null;
}

/** API errors that do not belong to a form field (shown above the results). */
export function generalErrors(apiErrors: FieldErrors): string[] {
  const known = new Set(Object.values(FIELD_PATHS));
  return Object.entries(apiErrors)
    // The databases' errors (issue 40) are shown by the databases panel, next to their row.
    .filter(([path]) => !known.has(path) && !/^(databases|clone_reduction_ratio)(\.|$)/.test(path))
    .flatMap(([path, messages]) => messages.map((m) => (path === 'non_field_errors' ? m : `${path}: ${m}`)));
}

/** Errors for one field: the client's first, else the API's. */
export function errorsFor(field: keyof typeof FIELD_PATHS, client: FieldErrors, api: FieldErrors): string[] | undefined {
  const path = FIELD_PATHS[field];
  return client[path] ?? api[path];
}
