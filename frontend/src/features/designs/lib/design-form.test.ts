import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { ENGINE_LIKE, ENGINE_LIKE_DEFAULTS, withWorkloadField } from './contract-fixtures';
import {
  FIELD_PATHS,
  NO_KIND_SWITCH,
  REQUIRED_FOR_CUSTOM,
  REQUIRED_LOAD,
  allowedNumbers,
  designLoadOf,
  errorsFor,
  formFromInputs,
  generalErrors,
  inputBounds,
  platformText,
  profileChoice,
  referenceConfigurationFor,
  switchKind,
  toInputs,
  validateForm,
  withFamily,
  withKind,
  withLoadBy,
} from './design-form';
import { publishedContract, rangeMessage, type InputSchemas } from './input-contract';
import { platformRegistry } from '../../../lib/platforms-fixture';
import { profiledRegistry } from '../../../lib/profiles-fixture';
import { quarterRack } from './fixture';

/** The registry GET /api/v1/platforms/ serves (a real payload). */
const REGISTRY = platformRegistry();

const quarter = (schemas?: InputSchemas) =>
  formFromInputs(
    { kind: 'oltp', users: 1000 },
    { family: 'oracle-fs1', storage_model: 'FS1-2', reference: 'oracle-fs1-quarter-rack', rac_nodes: 2, arrays: 2, drives_per_enclosure: 13 },
    schemas,
  );

/** The published contract's range message of a workload or platform field. */
const outOfRange = (part: 'workload' | 'platform', field: string, kind: 'oltp' | 'dss' = 'oltp') =>
  rangeMessage(publishedContract(kind).rules[part][field]!);

describe('the published contract', () => {
  it('has a rule for every field the form shows', () => {
    const oltpOnly = ['targetThroughputMbS', 'queryStreams', 'ioPattern'];
    const dssOnly = ['users', 'targetTps', 'thinkTimeS', 'userGrowthPct', 'readPct', 'slaResponseMs', 'maxCpuPct', 'maxStorageLatencyMs', 'loadBy', 'profile', 'warehouses', 'sgaGb', 'txPerS', 'readsPerS', 'writesPerS', 'dbCpuSPerS', 'redoMbPerS'];
    for (const kind of ['oltp', 'dss'] as const) {
      const { rules } = publishedContract(kind);
      const shown = Object.entries(FIELD_PATHS).filter(([field]) => !(kind === 'oltp' ? oltpOnly : dssOnly).includes(field));
      for (const [, path] of shown) {
        const [part, name] = path.split('.') as ['workload' | 'platform', string];
        expect(rules[part][name], `${kind} ${path}`).toBeDefined();
      }
    }
  });
});

describe('formFromInputs / toInputs', () => {
  it('round-trips a quarter-rack design, filling the defaults the contract declares', () => {
    const inputs = toInputs(quarter(ENGINE_LIKE), ENGINE_LIKE);
    expect(inputs?.platform).toEqual({
      family: 'oracle-fs1',
      storage_model: 'FS1-2',
      reference: 'oracle-fs1-quarter-rack',
      rac_nodes: 2,
      arrays: 2,
      drives_per_enclosure: 13,
    });
    expect(inputs?.workload).toEqual({ kind: 'oltp', ...ENGINE_LIKE_DEFAULTS.oltp });
    expect(inputs?.workload).not.toHaveProperty('sla_response_ms');
    expect(inputs?.workload).not.toHaveProperty('target_tps');
  });

  it('leaves a field out (the API applies its default) where the contract declares no default', () => {
    const bare = {
      workload: z.object({ kind: z.optional(z.literal('oltp')), users: z.optional(z.int().check(z.gte(1))), read_pct: z.optional(z.number()), block_size_kb: z.optional(z.number()) }),
      platform: z.object({ family: z.string(), storage_model: z.string(), rac_nodes: z._default(z.optional(z.int()), 2), arrays: z.optional(z.int()) }),
    };
    const form = formFromInputs({ kind: 'oltp', users: 1000 }, { family: 'netapp', storage_model: 'FAS3140' }, bare);
    expect(form).toMatchObject({ blockSizeKb: '', readPct: '', racNodes: '2', arrays: '' });
    expect(toInputs(form, bare)).toEqual({ workload: { kind: 'oltp', users: 1000 }, platform: { family: 'netapp', storage_model: 'FAS3140', rac_nodes: 2 } });
  });

  it('sends target TPS instead of users when the load is given as TPS', () => {
    const form = { ...quarter(), loadBy: 'tps' as const, targetTps: '12000', users: '' };
    expect(toInputs(form)?.workload).toMatchObject({ target_tps: 12000 });
    expect(toInputs(form)?.workload).not.toHaveProperty('users');
  });

  it("switching to Target TPS carries over the evaluation's design load, and back to users", () => {
    const payload = quarterRack();
    const load = designLoadOf(payload)!;
    expect(load).toEqual({ users: payload.evaluation.summary.users.value, tps: payload.evaluation.summary.design_tps.value });
    const byTps = withLoadBy(quarter(), 'tps', load);
    expect(byTps.targetTps).toBe(String(Math.round(load.tps * 10) / 10));
    expect(validateForm(byTps)).toEqual({});
    expect(toInputs(byTps)?.workload).toMatchObject({ target_tps: Number(byTps.targetTps) });
    // Back to users: the field kept its value; emptied, it takes the design load's users.
    expect(withLoadBy(byTps, 'users', load).users).toBe('1000');
    expect(withLoadBy({ ...byTps, users: '' }, 'users', { users: 812.4, tps: 50 }).users).toBe('812');
    // No evaluation yet (or a DSS one): the switch only changes the way the load is given.
    expect(withLoadBy(quarter(), 'tps', designLoadOf(null)).targetTps).toBe('');
  });

  it('asks for the figure of the way the load is given before sending anything (the API takes exactly one)', () => {
    const byUsers = { ...quarter(), loadBy: 'users' as const, users: '', targetTps: '' };
    expect(validateForm(byUsers)).toEqual({ 'workload.users': [REQUIRED_LOAD] });
    expect(toInputs(byUsers)).toBeNull();
    const byTps = { ...byUsers, loadBy: 'tps' as const, users: '1000' };
    expect(validateForm(byTps)).toEqual({ 'workload.target_tps': [REQUIRED_LOAD] });
    expect(toInputs(byTps)).toBeNull();
    expect(validateForm({ ...byTps, targetTps: '12000' })).toEqual({});
    // A DSS design gives no OLTP load.
    expect(validateForm({ ...byUsers, kind: 'dss' as const, targetThroughputMbS: '500' })['workload.users']).toBeUndefined();
  });

  it('reads a TPS-driven design back as TPS', () => {
    const form = formFromInputs({ target_tps: 500 }, { family: 'equallogic', storage_model: 'PS6010XV' }, ENGINE_LIKE);
    expect(form.users).toBe('');
    expect(form.loadBy).toBe('tps');
    expect(form.targetTps).toBe('500');
    expect(form.racNodes).toBe('2');
  });
});

describe('inputs the form does not show', () => {
  it('keeps them through a save (cores per node shown, ASM volumes and memory carried over)', () => {
    const form = formFromInputs(
      { users: 500, include_backup_overhead: false },
      { family: 'equallogic', storage_model: 'PS6010XV', rac_nodes: 2, cores_per_node: 8, asm_volumes: 2, memory_gb_per_node: 48 },
    );
    expect(form.coresPerNode).toBe('8');
    const inputs = toInputs(form)!;
    expect(inputs.platform).toMatchObject({ cores_per_node: 8, asm_volumes: 2, memory_gb_per_node: 48 });
    expect(inputs.workload).toMatchObject({ users: 500, include_backup_overhead: false });
  });
  it('drops XtremIO-only inputs when the family changes', () => {
    const form = formFromInputs({ users: 1 }, { family: 'xtremio', storage_model: 'X-Brick', dedup_ratio: 3, asm_volumes: 8 });
    expect(toInputs(form)!.platform).toMatchObject({ dedup_ratio: 3 });
    const moved = toInputs(withFamily(form, 'netapp', REGISTRY))!.platform;
    expect(moved).not.toHaveProperty('dedup_ratio');
    expect(moved).toMatchObject({ asm_volumes: 8 });
  });
});

describe('validateForm', () => {
  it('accepts the quarter rack', () => {
    expect(validateForm(quarter())).toEqual({});
  });
  it('rejects what the published contract rejects, in its words, keyed by API path', () => {
    const errors = validateForm({ ...quarter(), users: '0', racNodes: '2.5', readPct: '101', databaseSizeGb: '', horizonYears: 'x' });
    expect(errors).toEqual({
      'workload.users': [outOfRange('workload', 'users')],
      'platform.rac_nodes': ['must be a whole number'],
      'workload.read_pct': [outOfRange('workload', 'read_pct')],
      'workload.horizon_years': ['must be a number'],
    });
    expect(errors['workload.read_pct']).toEqual(['must be between 0 and 100']);
    expect(toInputs({ ...quarter(), users: '0' })).toBeNull();
  });
  it("offers only Oracle's block sizes for OLTP and gives any other the API's message", () => {
    expect(publishedContract('oltp').rules.workload.block_size_kb).toMatchObject({ choices: [2, 4, 8, 16, 32], default: 8 });
    expect(allowedNumbers(quarter(), 'blockSizeKb')).toEqual(['2', '4', '8', '16', '32']);
    // A saved 3 KB design shows its size, flagged with the API's words.
    expect(allowedNumbers({ ...quarter(), blockSizeKb: '3' }, 'blockSizeKb')).toEqual(['2', '4', '8', '16', '32', '3']);
    expect(validateForm({ ...quarter(), blockSizeKb: '3' })).toEqual({ 'workload.block_size_kb': ['must be one of 2, 4, 8, 16, 32'] });
    expect(validateForm({ ...quarter(), blockSizeKb: '4096' })).toEqual({ 'workload.block_size_kb': ['must be one of 2, 4, 8, 16, 32'] });
    expect(validateForm({ ...quarter(), blockSizeKb: '16' })).toEqual({});
    // DSS scan sizes are free numbers, and so is a block size of a contract without the list.
    expect(allowedNumbers({ ...quarter(), kind: 'dss' }, 'blockSizeKb')).toBeNull();
    expect(allowedNumbers(quarter(ENGINE_LIKE), 'blockSizeKb', ENGINE_LIKE)).toBeNull();
    // The engine stops at 1024 KB: a contract that says so gives the API's message for 4096.
    expect(validateForm({ ...quarter(ENGINE_LIKE), blockSizeKb: '4096' }, ENGINE_LIKE)).toEqual({ 'workload.block_size_kb': ['must be between 2 and 1024'] });
  });
  it('treats an empty SLA and think time as "the platform default"', () => {
    expect(validateForm({ ...quarter(), slaResponseMs: '', thinkTimeS: '' })).toEqual({});
    expect(validateForm({ ...quarter(), slaResponseMs: '0' })['workload.sla_response_ms']).toEqual([outOfRange('workload', 'sla_response_ms')]);
    // Under 1 ms: faster than a flash read, refused with the API's words.
    expect(validateForm({ ...quarter(), slaResponseMs: '0.001' })).toEqual({ 'workload.sla_response_ms': ['must be between 1 and 600000'] });
    expect(validateForm({ ...quarter(), slaResponseMs: '1' })).toEqual({});
  });
  it('sends the targets as given, leaves the empty ones to the API, and checks them against the contract', () => {
    const targeted = { ...quarter(), maxCpuPct: '70', maxStorageLatencyMs: '', minHeadroomPct: '25' };
    const workload = toInputs(targeted)!.workload;
    expect(workload).toMatchObject({ max_cpu_pct: 70, min_headroom_pct: 25 });
    expect(workload).not.toHaveProperty('max_storage_latency_ms'); // empty: no latency target
    expect(formFromInputs(workload, toInputs(targeted)!.platform)).toMatchObject({ maxCpuPct: '70', maxStorageLatencyMs: '', minHeadroomPct: '25' });
    // A saved design without targets: the catalog's CPU limit, no latency target, the contract's 0 % headroom.
    expect(quarter()).toMatchObject({ maxCpuPct: '', maxStorageLatencyMs: '', minHeadroomPct: '0' });
    expect(validateForm({ ...quarter(), maxCpuPct: '0', maxStorageLatencyMs: '-1', minHeadroomPct: '-5' })).toEqual({
      'workload.max_cpu_pct': [outOfRange('workload', 'max_cpu_pct')],
      'workload.max_storage_latency_ms': [outOfRange('workload', 'max_storage_latency_ms')],
      'workload.min_headroom_pct': [outOfRange('workload', 'min_headroom_pct')],
    });
    expect(validateForm({ ...quarter(), maxCpuPct: '101' })['workload.max_cpu_pct']).toEqual([outOfRange('workload', 'max_cpu_pct')]);
  });
  it('sends a DSS design its headroom target and none of the OLTP-only ones', () => {
    const dss = withKind({ ...quarter(), maxCpuPct: '70', maxStorageLatencyMs: '2', minHeadroomPct: '10' }, 'dss', REGISTRY);
    const workload = toInputs(dss)!.workload;
    expect(workload).toMatchObject({ kind: 'dss', min_headroom_pct: 10 });
    expect(workload).not.toHaveProperty('max_cpu_pct');
    expect(workload).not.toHaveProperty('max_storage_latency_ms');
  });
  it('gives number inputs the HTML bounds of the contract', () => {
    expect(inputBounds(quarter(ENGINE_LIKE), 'blockSizeKb', ENGINE_LIKE)).toEqual({ min: 2, max: 1024, step: 'any' });
    const racNodes = publishedContract('oltp').rules.platform.rac_nodes!;
    expect(inputBounds(quarter(), 'racNodes')).toEqual({ min: racNodes.minimum, max: racNodes.maximum, step: 1 });
  });
  it('drops drives per enclosure for a family that offers none (registry: no drives_per_enclosure_options)', () => {
    expect(quarter().drivesPerEnclosure).toBe('13');
    const form = withFamily(quarter(), 'xtremio', REGISTRY);
    expect(form.drivesPerEnclosure).toBe('');
    expect(toInputs(form)!.platform).not.toHaveProperty('drives_per_enclosure');
  });
});

describe('withFamily', () => {
  it('resets storage model, RAID, PAM and reference to the new family', () => {
    const form = withFamily({ ...quarter(), raid: 'mirrored' }, 'netapp', REGISTRY);
    expect(form).toMatchObject({ family: 'netapp', storageModel: 'FAS3140', raid: '', reference: '', pam: false });
    expect(toInputs({ ...form, pam: true })?.platform).toMatchObject({ pam: true, storage_model: 'FAS3140' });
    // The first storage model and the PAM option come from the registry, not from a family name.
    const registry = REGISTRY.map((f) => (f.family === 'netapp' ? { ...f, pam_option: false } : f));
    expect(withFamily(form, 'netapp', registry)).toMatchObject({ pam: null });
    expect(toInputs(withFamily(form, 'netapp', registry))?.platform).not.toHaveProperty('pam');
    const reordered = REGISTRY.map((f) => (f.family === 'equallogic' ? { ...f, storage_models: [...f.storage_models].reverse() } : f));
    const models = reordered.find((f) => f.family === 'equallogic')!.storage_models;
    expect(withFamily(form, 'equallogic', REGISTRY).storageModel).toBe(models.at(-1)!.name);
    expect(withFamily(form, 'equallogic', reordered).storageModel).toBe(models[0]!.name);
  });
  it('keeps data-reduction inputs only for a family that offers them', () => {
    const form = formFromInputs({ users: 1 }, { family: 'xtremio', storage_model: 'X-Brick', dedup_ratio: 3 });
    const registry = REGISTRY.map((f) => (f.family === 'netapp' ? { ...f, data_reduction_option: true } : f));
    expect(toInputs(withFamily(form, 'netapp', registry))!.platform).toMatchObject({ dedup_ratio: 3 });
  });
});

describe('API errors', () => {
  it('puts field errors next to their field and the rest above the results', () => {
    const api = { 'platform.rac_nodes': ['Ensure this value is less than or equal to 16.'], platform: ['Not enough measured evidence'] };
    expect(errorsFor('racNodes', {}, api)).toEqual(['Ensure this value is less than or equal to 16.']);
    expect(errorsFor('racNodes', { 'platform.rac_nodes': ['Required.'] }, api)).toEqual(['Required.']);
    expect(generalErrors(api)).toEqual(['platform: Not enough measured evidence']);
    expect(generalErrors({ non_field_errors: ['boom'] })).toEqual(['boom']);
  });
});

const pick = (form: ReturnType<typeof quarter>) => {
  const { family, storageModel, reference, racNodes, coresPerNode, arrays, raid, drivesPerEnclosure, pam } = form;
  return { family, storageModel, reference, racNodes, coresPerNode, arrays, raid, drivesPerEnclosure, pam };
};

describe('DSS workloads', () => {
  it('switching a quarter rack to DSS moves to the DSS report platform and the 1 MB I/O size', () => {
    const dss = withKind(quarter(ENGINE_LIKE), 'dss', REGISTRY, ENGINE_LIKE);
    expect(dss).toMatchObject({ kind: 'dss', family: 'equallogic', storageModel: 'PS6110XV', raid: 'raid50', arrays: '2', reference: '', blockSizeKb: '1024' });
    const inputs = toInputs(dss, ENGINE_LIKE)!;
    expect(inputs.workload).toEqual({
      kind: 'dss',
      target_throughput_mb_s: 1000,
      query_streams: 1,
      io_pattern: 'random',
      block_size_kb: 1024,
      database_size_gb: 100,
      min_headroom_pct: 0, // a target of both kinds: it stays as it was
      data_growth_pct_per_year: 0,
      horizon_years: 3,
    });
    expect(inputs.platform).toMatchObject({ family: 'equallogic', storage_model: 'PS6110XV', raid: 'raid50', arrays: 2 });
    expect(inputs.platform).not.toHaveProperty('reference');
  });

  it("switches to DSS with a throughput target the published contract accepts (the DSS report's, where it declares no default)", () => {
    const dss = withKind(quarter(), 'dss', REGISTRY);
    const declared = publishedContract('dss').rules.workload.target_throughput_mb_s?.default;
    expect(dss.targetThroughputMbS).toBe(String(declared ?? 1000));
    expect(validateForm(dss)).toEqual({});
  });

  it('asks the registry which families have DSS evidence', () => {
    const registry = REGISTRY.map((f) => (f.family === 'oracle-fs1' ? { ...f, workload_kinds: [...f.workload_kinds, 'dss' as const] } : f));
    expect(withKind(quarter(), 'dss', registry)).toMatchObject({ kind: 'dss', family: 'oracle-fs1', storageModel: 'FS1-2' });
    expect(withKind(quarter(), 'dss', REGISTRY)).toMatchObject({ family: 'equallogic' });
  });

  it('keeps a platform that has DSS evidence, and comes back to OLTP with OLTP inputs only', () => {
    const xtremio = formFromInputs({ kind: 'oltp', users: 500, include_backup_overhead: false }, { family: 'xtremio', storage_model: 'X-Brick', arrays: 2 }, ENGINE_LIKE);
    const dss = withKind(xtremio, 'dss', REGISTRY, ENGINE_LIKE);
    expect(dss.family).toBe('xtremio');
    expect(toInputs(dss, ENGINE_LIKE)!.workload).not.toHaveProperty('include_backup_overhead');
    const back = toInputs(withKind(dss, 'oltp', REGISTRY, ENGINE_LIKE), ENGINE_LIKE)!.workload;
    expect(back).toMatchObject({ kind: 'oltp', users: 500, block_size_kb: 8 });
    expect(back).not.toHaveProperty('target_throughput_mb_s');
    expect(back).not.toHaveProperty('query_streams');
  });

  it('fills the empty inputs of the new kind with its defaults (a DSS design switched to OLTP gets users and a read share)', () => {
    const dss = formFromInputs({ kind: 'dss', target_throughput_mb_s: 800 }, { family: 'xtremio', storage_model: 'X-Brick' }, ENGINE_LIKE);
    expect(dss).toMatchObject({ users: '', readPct: '', blockSizeKb: '1024' });
    const oltp = withKind(dss, 'oltp', REGISTRY, ENGINE_LIKE);
    expect(oltp).toMatchObject({ users: '1000', readPct: '70', blockSizeKb: '8', targetThroughputMbS: '800' });
    expect(toInputs(oltp, ENGINE_LIKE)!.workload).toEqual({ kind: 'oltp', ...ENGINE_LIKE_DEFAULTS.oltp, database_size_gb: 1000 });
  });

  it('reads a saved DSS design back and validates only DSS fields', () => {
    const form = formFromInputs(
      { kind: 'dss', target_throughput_mb_s: 1169, query_streams: 4, io_pattern: 'sequential' },
      { family: 'equallogic', storage_model: 'PS6110XV', arrays: 2, raid: 'raid50' },
      ENGINE_LIKE,
    );
    expect(form).toMatchObject({ kind: 'dss', targetThroughputMbS: '1169', queryStreams: '4', ioPattern: 'sequential', blockSizeKb: '1024', databaseSizeGb: '1000' });
    expect(validateForm({ ...form, users: '', readPct: 'x' }, ENGINE_LIKE)).toEqual({});
    expect(validateForm({ ...form, targetThroughputMbS: '0', queryStreams: '0.5' }, ENGINE_LIKE)).toEqual({
      'workload.target_throughput_mb_s': [outOfRange('workload', 'target_throughput_mb_s', 'dss')],
      'workload.query_streams': ['must be a whole number'],
    });
    // The DSS variant keeps the 4 MB I/O size the OLTP one refuses.
    expect(validateForm({ ...form, blockSizeKb: '4096' }, ENGINE_LIKE)).toEqual({});
    const block = publishedContract('dss').rules.workload.block_size_kb!;
    expect(validateForm({ ...form, blockSizeKb: String(block.maximum! + 1) })).toEqual({ 'workload.block_size_kb': [`must be between ${block.minimum} and ${block.maximum}`] });
  });

  it('tells the user when the switch to DSS replaces the platform, and OLTP gives the old platform back', () => {
    const start = { ...quarter(), racNodes: '3', raid: 'mirrored', extras: { workload: {}, platform: { memory_gb_per_node: 256 } } };
    const dss = switchKind(start, 'dss', NO_KIND_SWITCH, REGISTRY);
    expect(dss.form).toMatchObject({ kind: 'dss', family: 'equallogic', storageModel: 'PS6110XV', arrays: '2', raid: 'raid50' });
    expect(dss.memory.replaced).toBe(start);
    expect(dss.memory.notice).toBe(
      `DSS evidence exists only for ${REGISTRY.filter((f) => f.workload_kinds.includes('dss')).map((f) => f.label).join(', ')}: the platform was switched from ` +
        'FS1-2 × 2, Mirrored, reference oracle-fs1-quarter-rack to PS6110XV × 2, RAID 50.',
    );
    // Picking DSS again changes nothing and keeps what is remembered.
    expect(switchKind(dss.form, 'dss', dss.memory, REGISTRY)).toEqual(dss);

    const back = switchKind({ ...dss.form, arrays: '1' }, 'oltp', dss.memory, REGISTRY);
    expect(back.memory).toEqual(NO_KIND_SWITCH);
    expect(back.form).toEqual({ ...withKind(dss.form, 'oltp', REGISTRY), ...pick(start), extras: start.extras });
    expect(back.form).toMatchObject({ kind: 'oltp', family: 'oracle-fs1', storageModel: 'FS1-2', reference: 'oracle-fs1-quarter-rack', arrays: '2', racNodes: '3', drivesPerEnclosure: '13' });
    expect(toInputs(back.form)).toEqual(toInputs(start));
  });

  it('keeps the platform on the way back when the user picked another family meanwhile, or nothing was replaced', () => {
    const dss = switchKind(quarter(), 'dss', NO_KIND_SWITCH, REGISTRY);
    const chosen = withFamily(dss.form, 'xtremio', REGISTRY);
    expect(switchKind(chosen, 'oltp', dss.memory, REGISTRY).form.family).toBe('xtremio');
    const xtremio = formFromInputs({ kind: 'oltp', users: 500 }, { family: 'xtremio', storage_model: 'X-Brick', arrays: 2 });
    const kept = switchKind(xtremio, 'dss', NO_KIND_SWITCH, REGISTRY);
    expect(kept.memory).toEqual(NO_KIND_SWITCH);
    expect(kept.form).toEqual(withKind(xtremio, 'dss', REGISTRY));
    expect(switchKind(kept.form, 'oltp', kept.memory, REGISTRY).form).toEqual(withKind(kept.form, 'oltp', REGISTRY));
  });

  it('names a platform by model, count, RAID and reference', () => {
    expect(platformText(quarter(), REGISTRY)).toBe('FS1-2 × 2, reference oracle-fs1-quarter-rack');
    expect(platformText(withKind(quarter(), 'dss', REGISTRY), REGISTRY)).toBe('PS6110XV × 2, RAID 50');
  });

  it('leaves the saved reference configuration behind when the family changes', () => {
    const saved = { family: 'oracle-fs1', reference: 'oracle-fs1-quarter-rack' };
    expect(referenceConfigurationFor(quarter(), saved)).toBe('oracle-fs1-quarter-rack');
    expect(referenceConfigurationFor(withKind(quarter(), 'dss', REGISTRY), saved)).toBeNull();
  });
});

describe('workload profiles', () => {
  /** The registry with a profile on every family, and a contract that accepts those profiles. */
  const PROFILED = profiledRegistry();
  const PROFILES = withWorkloadField('profile', z.nullish(z.enum(['swingbench-oe', 'tpcc', 'slob', 'netapp-oet', 'custom'])));
  const awr = { txPerS: '1200', readsPerS: '35400', writesPerS: '17000', dbCpuSPerS: '11.5', redoMbPerS: '8' };

  it("sends no profile while the user has chosen none (the API runs the family's own), and the chosen one otherwise", () => {
    expect(quarter().profile).toBe('');
    expect(toInputs(quarter())!.workload).not.toHaveProperty('profile');
    const chosen = formFromInputs({ users: 1000, profile: 'tpcc', warehouses: 1000, sga_gb: 24 }, { family: 'oracle-fs1', storage_model: 'FS1-2' }, PROFILES);
    expect(chosen).toMatchObject({ profile: 'tpcc', warehouses: '1000', sgaGb: '24' });
    expect(toInputs(chosen, PROFILES)!.workload).toMatchObject({ profile: 'tpcc', warehouses: 1000, sga_gb: 24 });
    expect(chosen.extras.workload).toEqual({});
  });

  it('sends the AWR figures with the custom profile only, and asks for the ones it cannot do without in the API\'s words', () => {
    const custom = { ...quarter(), profile: 'custom', ...awr };
    expect(validateForm(custom)).toEqual({});
    expect(toInputs(custom)!.workload).toMatchObject({ profile: 'custom', tx_per_s: 1200, reads_per_s: 35400, writes_per_s: 17000, db_cpu_s_per_s: 11.5, redo_mb_per_s: 8 });
    const missing = { ...custom, txPerS: '', readsPerS: ' ', dbCpuSPerS: '', writesPerS: '', redoMbPerS: '' };
    expect(validateForm(missing)).toEqual({
      'workload.tx_per_s': [REQUIRED_FOR_CUSTOM],
      'workload.reads_per_s': [REQUIRED_FOR_CUSTOM],
      'workload.db_cpu_s_per_s': [REQUIRED_FOR_CUSTOM],
    });
    expect(toInputs(missing)).toBeNull();
    // Out of the contract's range: its message, not the required one.
    expect(validateForm({ ...custom, txPerS: '0' })['workload.tx_per_s']).toEqual([outOfRange('workload', 'tx_per_s')]);
    // Another profile: the figures stay in the form (for a switch back) but are not sent, nor checked.
    const back = { ...missing, ...awr, profile: '' };
    expect(validateForm({ ...back, txPerS: '' })).toEqual({});
    const sent = toInputs(back)!.workload;
    for (const field of ['tx_per_s', 'reads_per_s', 'writes_per_s', 'db_cpu_s_per_s', 'redo_mb_per_s']) expect(sent).not.toHaveProperty(field);
    expect(back.txPerS).toBe('1200');
  });

  it('reads a saved custom design back', () => {
    const form = formFromInputs({ users: 300, profile: 'custom', tx_per_s: 1200, reads_per_s: 35400, db_cpu_s_per_s: 11.5 }, { family: 'xtremio', storage_model: 'X-Brick' });
    expect(form).toMatchObject({ profile: 'custom', txPerS: '1200', readsPerS: '35400', dbCpuSPerS: '11.5', writesPerS: '', redoMbPerS: '' });
    expect(toInputs(form)!.workload).toMatchObject({ profile: 'custom', tx_per_s: 1200, reads_per_s: 35400, db_cpu_s_per_s: 11.5 });
    expect(toInputs(form)!.workload).not.toHaveProperty('writes_per_s');
  });

  it("leaves the read share to the profile's mix when empty, and accepts a think time of 0 (a closed loop)", () => {
    const form = { ...quarter(), readPct: '', thinkTimeS: '0' };
    expect(validateForm(form)).toEqual({});
    const workload = toInputs(form)!.workload;
    expect(workload).not.toHaveProperty('read_pct');
    expect(workload.think_time_s).toBe(0);
    expect(inputBounds(form, 'thinkTimeS').min).toBe(0);
    expect(validateForm({ ...form, thinkTimeS: '-1' })['workload.think_time_s']).toEqual([outOfRange('workload', 'think_time_s')]);
    expect(validateForm({ ...form, warehouses: '0', sgaGb: '0' })).toEqual({
      'workload.warehouses': [outOfRange('workload', 'warehouses')],
      'workload.sga_gb': [outOfRange('workload', 'sga_gb')],
    });
  });

  it("switching family: a profile the user never chose follows the new family's own, a chosen one stays", () => {
    const never = withFamily(quarter(), 'xtremio', PROFILED);
    expect(never.profile).toBe('');
    expect(profileChoice(never, PROFILED).value).toBe('slob');
    expect(toInputs(never)!.workload).not.toHaveProperty('profile');
    const chosen = withFamily({ ...quarter(), profile: 'swingbench-oe' }, 'xtremio', PROFILED);
    expect(chosen.profile).toBe('swingbench-oe');
    expect(profileChoice(chosen, PROFILED)).toMatchObject({ value: 'swingbench-oe', foreignFamily: 'Oracle FS1-2' });
    const custom = withFamily({ ...quarter(), profile: 'custom', ...awr }, 'netapp', PROFILED);
    expect(custom).toMatchObject({ profile: 'custom', txPerS: '1200' });
  });

  it("offers every family's profile and the user's own figures, the platform's own marked and shown by default", () => {
    const choice = profileChoice(quarter(), PROFILED);
    expect(choice.value).toBe('swingbench-oe');
    expect(choice.own).toEqual({ value: 'swingbench-oe', label: 'Swingbench Order Entry (Oracle FS1-2)' });
    expect(choice.foreignFamily).toBeNull();
    expect(choice.options).toEqual([
      { value: 'swingbench-oe', label: "Swingbench Order Entry (Oracle FS1-2) (this platform's own)" },
      { value: 'tpcc', label: 'TPC-C (Dell EqualLogic)' },
      { value: 'slob', label: 'slob' },
      { value: 'netapp-oet', label: 'NetApp order-entry (OET)' },
      { value: 'custom', label: 'Your workload (AWR figures)' },
    ]);
    // The user's own figures belong to no family: not flagged as another platform's.
    expect(profileChoice({ ...quarter(), profile: 'custom' }, PROFILED).foreignFamily).toBeNull();
  });

  it("shows the platform's own benchmark as an empty choice while the registry names no profile for it", () => {
    const unnamed = REGISTRY.map((f) => ({ ...f, profile: '', profile_label: '' }));
    const choice = profileChoice(quarter(), unnamed);
    expect(choice.value).toBe('');
    expect(choice.own).toBeNull();
    expect(choice.options).toEqual([
      { value: '', label: "The platform's own benchmark" },
      { value: 'custom', label: 'Your workload (AWR figures)' },
    ]);
    // A saved profile the registry does not offer is shown as it is.
    expect(profileChoice({ ...quarter(), profile: 'retired' }, unnamed).options.at(-1)).toEqual({ value: 'retired', label: 'retired' });
  });

  it('drops the profile inputs for DSS and brings them back with OLTP', () => {
    const oltp = { ...quarter(), profile: 'custom', warehouses: '500', ...awr };
    const dss = withKind(oltp, 'dss', REGISTRY);
    const workload = toInputs(dss)!.workload;
    for (const field of ['profile', 'warehouses', 'sga_gb', 'tx_per_s', 'reads_per_s']) expect(workload).not.toHaveProperty(field);
    const back = withKind(dss, 'oltp', REGISTRY);
    expect(toInputs(back)!.workload).toMatchObject({ profile: 'custom', warehouses: 500, tx_per_s: 1200 });
  });

  it('puts an API error on the profile next to the select', () => {
    const api = { 'workload.profile': ['must be one of custom'], 'workload.tx_per_s': ['is required for the custom profile'] };
    expect(errorsFor('profile', {}, api)).toEqual(['must be one of custom']);
    expect(errorsFor('txPerS', {}, api)).toEqual(['is required for the custom profile']);
    expect(generalErrors(api)).toEqual([]);
  });
});

describe('DSS inputs the form does not show', () => {
  it("carries a DSS design's read share and ORION mode through a save, and drops them for OLTP", () => {
    const dss = formFromInputs({ kind: 'dss', target_throughput_mb_s: 800, read_pct: 0, orion_mode: 'concat' }, { family: 'equallogic', storage_model: 'PS6110XV' });
    expect(dss.readPct).toBe('');
    expect(toInputs(dss)!.workload).toMatchObject({ kind: 'dss', read_pct: 0, orion_mode: 'concat' });
    // Back to OLTP the form asks for the load (the API takes users or target TPS); given, it is sent.
    expect(toInputs(withKind(dss, 'oltp', REGISTRY))).toBeNull();
    const oltp = toInputs({ ...withKind(dss, 'oltp', REGISTRY), users: '1000' })!.workload;
    expect(oltp).not.toHaveProperty('orion_mode');
    expect(oltp).not.toHaveProperty('read_pct');
    // and an OLTP read share is not a DSS one
    const back = toInputs(withKind({ ...quarter(), readPct: '70' }, 'dss', REGISTRY))!.workload;
    expect(back).not.toHaveProperty('read_pct');
  });
});
