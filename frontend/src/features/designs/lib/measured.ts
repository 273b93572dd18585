/**
 * Measured (TPS, response time) points of the evidence, by RAC node count, for the load-response chart:
 * only the runs of the design's own configuration (issue 37: every square drawn is the point the
 * validation report grades the model against, so its distance to the line is the error the user sees).
 */
import { sToMs } from '../../../components/units';
import { familyOf, type PlatformRegistry } from '../../../lib/platforms';
import type { MeasuredCurve } from '../api/measured-curves';
import type { EvaluationPayload, MeasuredPoint, OltpEvaluation, ProjectionSeries } from '../api/types';

const RESPONSE_IN_MS: Record<string, (v: number) => number> = { ms: (v) => v, s: sToMs };

/** What a measured run must have been run on to be drawn on a design's chart (its series give the RAC nodes). */
export interface MeasuredConfiguration {
  storageModel: string;
  /** Arrays / drive enclosures / X-Bricks (platform.arrays). */
  arrays: number;
  drivesPerEnclosure: number | null;
  /** The RAID level the evaluation computed the storage with (capacity.raid). */
  raid: string | null;
  pam: boolean;
  asmVolumes: number | null;
  /**
   * The design runs the benchmark its family's document measured TPS with (its workload profile is the
   * family's own): the measured transactions are the same transactions as the model line's.
   */
  ownBenchmark: boolean;
}

/**
 * The configuration a design's chart draws measured points of, as the engine evaluated it (defaults
 * filled in: the ASM volumes, the RAID level, the profile); null until the registry says which profile
 * the family's document ran (no point is drawn before then).
 */
export function measuredConfigurationFor(
  evaluation: Pick<OltpEvaluation, 'inputs' | 'capacity' | 'demand'>,
  registry: PlatformRegistry | undefined,
): MeasuredConfiguration | null {
  const platform = evaluation.inputs.platform;
  const family = registry ? familyOf(registry, platform.family) : undefined;
  if (!family) return null;
  return {
    storageModel: platform.storage_model,
    arrays: Number(platform.arrays),
    drivesPerEnclosure: platform.drives_per_enclosure ?? null,
    raid: evaluation.capacity.raid || null,
    pam: Boolean(platform.pam),
    asmVolumes: platform.asm_volumes ?? null,
    ownBenchmark: Boolean(family.profile) && evaluation.demand.profile === family.profile,
  };
}

type Conditions = Record<string, unknown>;

const given = (v: unknown): boolean => v !== null && v !== undefined && v !== '';

/** A point's conditions: its curve's workload (tool, arrays, RAID, nodes, ASM volumes), its own winning. */
function conditionsOf(curve: MeasuredCurve, point: MeasuredCurve['points'][number]): Conditions {
  const base: Conditions = {};
  for (const key of ['tool', 'arrays', 'raid', 'rac_nodes', 'asm_volumes'] as const) {
    if (given(curve[key])) base[key] = curve[key];
  }
  return { ...base, ...Object.fromEntries(Object.entries(point.conditions ?? {}).filter(([, v]) => given(v))) };
}

/** Why a point is not of the configuration (null: it is); what the point does not say does not count against it. */
export function otherConfiguration(curve: MeasuredCurve, conditions: Conditions, design: MeasuredConfiguration): string | null {
  const differs = (v: unknown, mine: unknown) => given(v) && given(mine) && String(v) !== String(mine);
  if (differs(curve.storage_model, design.storageModel)) return `storage model ${curve.storage_model}`;
  const units = conditions.arrays ?? conditions.drive_enclosures ?? conditions.xbricks;
  if (differs(units, design.arrays)) return `${String(units)} arrays`;
  if (differs(conditions.drives_per_enclosure, design.drivesPerEnclosure)) return `${String(conditions.drives_per_enclosure)} drives per enclosure`;
  if (differs(conditions.raid, design.raid)) return `RAID ${String(conditions.raid)}`;
  if (given(conditions.pam) && Boolean(conditions.pam) !== design.pam) return `PAM ${String(conditions.pam)}`;
  if (differs(conditions.asm_volumes, design.asmVolumes)) return `${String(conditions.asm_volumes)} ASM volumes`;
  if (!design.ownBenchmark) return `${String(conditions.tool ?? 'another')} transactions`;
  return null;
}

/**
 * The measured points of the design's configuration, by RAC node count (each on the line of its own
 * node count); none without a configuration to match (`design` null).
 */
export function measuredByNodes(curves: MeasuredCurve[], design: MeasuredConfiguration | null): Map<number, MeasuredPoint[]> {
  const out = new Map<number, MeasuredPoint[]>();
  if (!design) return out;
  for (const curve of curves) {
    for (const point of curve.points) {
      const tps = point.values.find((v) => v.quantity === 'tps' && v.unit === 'TPS');
      const response = point.values.find((v) => v.quantity === 'response_time' && RESPONSE_IN_MS[v.unit]);
      const conditions = conditionsOf(curve, point);
      const nodes = Number(conditions.rac_nodes);
      if (!tps || !response || !Number.isInteger(nodes) || nodes < 1) continue;
      if (otherConfiguration(curve, conditions, design) !== null) continue;
      const users = point.values.find((v) => v.quantity === 'users');
      out.set(nodes, [
        ...(out.get(nodes) ?? []),
        {
          tps: Number(tps.value),
          response_ms: RESPONSE_IN_MS[response.unit]!(Number(response.value)),
          ...(users ? { users: Number(users.value) } : {}),
          source: [point.source_document, point.source_locator].filter(Boolean).join(', '),
        },
      ]);
    }
  }
  return out;
}

/** No curve to read (one constant: a memoised chart is not redrawn for a new empty list). */
export const NO_CURVES: MeasuredCurve[] = [];

/** The projection with measured points on the series of the same node count (the API's own, if any, win). */
export function withMeasured<T extends { series: ProjectionSeries[] }>(
  projection: T,
  byNodes: Map<number, MeasuredPoint[]>,
): Omit<T, 'series'> & { series: ProjectionSeries[] } {
  return {
    ...projection,
    series: projection.series.map((s) => (s.measured?.length ? s : { ...s, measured: byNodes.get(s.rac_nodes) ?? [] })),
  };
}

/** Every series was matched with the evidence and none has a measured point (the caption says so). */
export const noMeasuredPoint = (series: ProjectionSeries[]): boolean =>
  series.length > 0 && series.every((s) => s.measured !== undefined && s.measured.length === 0);

/**
 * The catalog configuration whose measured TPS curves a design's load-response chart draws: the one the
 * evaluation was built on (payload.reference_configuration: the design's reference, else the family's
 * reference configuration of the design's own storage, else its most telling measured test system, e.g.
 * dell-oltp-2010-tpcc-test-system for EqualLogic, whose TPC-C runs are Tables 5-6), else the design's
 * saved reference. Its points are then matched with the design's configuration (measuredByNodes).
 */
export function measuredConfigurationOf(
  payload: Pick<EvaluationPayload, 'reference_configuration'> | null | undefined,
  reference: string | null,
): string | null {
  return payload?.reference_configuration ?? reference;
}
