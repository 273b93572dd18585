/**
 * Starting points for a new design, built from the platform registry (GET /api/v1/platforms/) and the
 * catalog: the catalog's reference configurations, plus one platform-only start per storage model of a
 * family the catalog has no reference for (with and without the read cache where the family offers
 * one), plus the DSS report's measured setup as a DSS start.
 */
import { countOf, formatNumber } from '../../../components/format';
import { citation } from '../../../lib/citation';
import { DRIVES, STORAGE_UNITS } from '../../../lib/display-names.generated';
import type { PlatformFamily, PlatformRegistry, StorageModel } from '../../../lib/platforms';
import { familyOf, raidLabel, supportsKind } from '../../../lib/platforms';
import type { PlatformInput, ReferenceDesign, WorkloadInput } from '../api/types';
import { DSS_EVIDENCE, DSS_EVIDENCE_WORKLOAD, formFromInputs, toInputs } from './design-form';

/** A start offered on the new-design page (SPA-side only; not an API shape). */
export interface StartingPoint {
  id: string;
  label: string;
  family: string;
  description: string;
  source: string | null;
  platform: PlatformInput;
  /** The workload a start implies (DSS for the DSS report's arrays); OLTP when absent. */
  workload?: WorkloadInput;
  referenceConfiguration: string | null;
  /** The reference's rated figure in words ("Rated 25,800 TPS, 2 TB database"), shown on its card. */
  rated?: string;
}

/**
 * A database size that makes the capacity bars readable where a start names none: the size of the
 * schema the FS1-2 reference architecture rated its racks with (2 TB Swingbench). The contract's own
 * default (100 GB) is a floor for a bare API call, not a realistic design.
 */
export const REALISTIC_DATABASE_GB = 2000;

export const DEFAULT_WORKLOAD: WorkloadInput = { kind: 'oltp', users: 1000, database_size_gb: REALISTIC_DATABASE_GB };

interface Measure {
  value: number;
  unit: string;
}
/** A catalog attribute `{value, unit}` as a number: the API sends catalog figures as decimal strings
 * ("39000", exact Decimal), so a check for JSON numbers alone found no rated load at all. */
function measureOf(v: unknown): Measure | null {
  if (typeof v !== 'object' || v === null) return null;
  const { value, unit } = v as { value?: unknown; unit?: unknown };
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(number) && typeof unit === 'string' ? { value: number, unit } : null;
}
const GB_PER: Record<string, number> = { GB: 1, TB: 1000 };

/**
 * The load a reference configuration is rated at, from its catalog attributes: a throughput in TPS
 * (e.g. swingbench_tps) and the database size it was rated with (e.g. swingbench_database_size, TB or
 * GB). A new design from it opens there; null where the catalog gives no rated throughput.
 */
export function ratedLoad(reference: Pick<ReferenceDesign, 'attributes'>): { workload: WorkloadInput; words: string } | null {
  const attributes = (reference.attributes ?? {}) as Record<string, unknown>;
  const entries = Object.entries(attributes).flatMap(([key, v]): [string, Measure][] => {
    const m = measureOf(v);
    return m ? [[key, m]] : [];
  });
  const tps = entries.find(([, m]) => m.unit === 'TPS')?.[1];
  if (!tps || tps.value <= 0) return null;
  const size = entries.find(([key, m]) => key.endsWith('database_size') && GB_PER[m.unit] !== undefined)?.[1];
  const gb = size ? size.value * GB_PER[size.unit]! : REALISTIC_DATABASE_GB;
  const words = `Rated ${formatNumber(tps.value)} TPS${size ? `, ${formatNumber(size.value)} ${size.unit} database` : ''}`;
  return { workload: { kind: 'oltp', target_tps: tps.value, database_size_gb: gb }, words };
}

/** The document the DSS start's measured setup comes from (the Dell DSS 2012 report's two PS6110XV
 * arrays), not its family's OLTP document. */
export const DSS_EVIDENCE_DOCUMENT = 'dell-equallogic-dss-2012';

/** The drive technology in words ("15K SAS"), never the engine's code ("sas_15k"). */
const driveWords = (technology: string): string => DRIVES[technology] ?? technology.replace(/_/g, ' ');

/** The storage model's unit in words, [singular, plural] ("array", "arrays"; "drive enclosure"s for
 * FS1-2): the engine's display names, else the registry's unit code in words. */
function unitWords(model: StorageModel): readonly [string, string] {
  const named = STORAGE_UNITS[model.name];
  if (named) return named;
  const singular = model.array_unit.replace(/_/g, ' ');
  return [singular, `${singular}s`];
}

/** "Dell EqualLogic PS6010XV" (the family label and the model name, the name not repeated). */
function modelName(family: PlatformFamily, model: StorageModel): string {
  const last = family.label.split(' ').at(-1) ?? '';
  if (model.name.startsWith(family.label)) return model.name;
  return model.name.startsWith(last) ? `${family.label.slice(0, -last.length)}${model.name}` : `${family.label} ${model.name}`;
}

function modelStart(family: PlatformFamily, model: StorageModel, extra: { pam?: boolean } = {}): StartingPoint {
  const g = model.geometry;
  const pam = extra.pam === undefined ? '' : extra.pam ? ', with PAM' : ', without PAM';
  const [unit] = unitWords(model);
  const spares = g.hot_spares ? ` (${countOf(g.hot_spares, 'hot spare')})` : '';
  return {
    id: `${family.family}-${model.name.toLowerCase()}${extra.pam ? '-pam' : ''}`,
    label: `${modelName(family, model)}, ${driveWords(model.drive_technology)}, ${raidLabel([family], family.default_raid)}${pam}`,
    family: family.family,
    description: `${formatNumber(g.drives)} × ${formatNumber(g.drive_gb)} GB ${driveWords(model.drive_technology)} drives per ${unit}${spares}; ${family.default_server.server}.`,
    source: g.source ? citation(g.source) : null,
    platform: {
      family: family.family as PlatformInput['family'],
      storage_model: model.name as PlatformInput['storage_model'],
      cores_per_node: family.default_server.cores_per_node,
      raid: family.default_raid,
      ...extra,
    },
    referenceConfiguration: null,
  };
}

/** The DSS report's measured setup, when the registry has it with DSS evidence. */
function dssStart(registry: PlatformRegistry): StartingPoint[] {
  const family = familyOf(registry, DSS_EVIDENCE.family);
  const model = family?.storage_models.find((m) => m.name === DSS_EVIDENCE.storage_model);
  if (!family || !model || !supportsKind(family, 'dss') || !model.workload_kinds.includes('dss')) return [];
  const base = modelStart(family, model);
  const [unit, units] = unitWords(model);
  const count = countOf(DSS_EVIDENCE.arrays, unit, units);
  return [
    {
      ...base,
      id: `${base.id}-dss`,
      label: `${modelName(family, model)}, ${count}, ${driveWords(model.drive_technology)}, ${raidLabel(registry, DSS_EVIDENCE.raid)} (DSS)`,
      description: `A data warehouse scanning 1 MB reads from ${count} of ${formatNumber(model.geometry.drives)} × ${formatNumber(model.geometry.drive_gb)} GB ${driveWords(model.drive_technology)} drives, the measured DSS setup.`,
      // Its own document: the DSS report, not the family's OLTP study.
      source: citation(DSS_EVIDENCE_DOCUMENT),
      platform: { ...base.platform, ...DSS_EVIDENCE },
      workload: { ...DSS_EVIDENCE_WORKLOAD },
    },
  ];
}

export function startingPoints(references: ReferenceDesign[], registry: PlatformRegistry): StartingPoint[] {
  const fromCatalog = references.map((r): StartingPoint => {
    const rated = ratedLoad(r);
    return {
      id: r.slug,
      label: r.name,
      family: r.platform,
      description: r.description,
      source: citation([r.document, r.source_locator].filter(Boolean).join(', ')) || null,
      platform: r.platform_inputs,
      referenceConfiguration: r.slug,
      ...(rated ? { workload: rated.workload, rated: rated.words } : {}),
    };
  });
  const covered = new Set<string>(fromCatalog.map((s) => s.family));
  // A family the catalog already has a reference for does not need generic starts.
  const fromRegistry = registry
    .filter((f) => !covered.has(f.family))
    .flatMap((f) =>
      f.storage_models.flatMap((m) => (f.pam_option ? [modelStart(f, m, { pam: false }), modelStart(f, m, { pam: true })] : [modelStart(f, m)])),
    );
  return [...fromCatalog, ...fromRegistry, ...dssStart(registry)];
}

export function defaultDesignName(start: StartingPoint, existingNames: string[]): string {
  const base = start.label.split(' (')[0] ?? start.label;
  let name = base;
  for (let n = 2; existingNames.includes(name); n += 1) name = `${base} (${n})`;
  return name;
}

/** The inputs a new design is created with: every default written out, exactly as the editor will
 * send them, so the first save's revision shows only what the architect changed. */
export function newDesignInputs(start: StartingPoint): { workload: WorkloadInput; platform: PlatformInput } {
  const workload = start.workload ?? DEFAULT_WORKLOAD;
  return toInputs(formFromInputs(workload, start.platform)) ?? { workload, platform: start.platform };
}
