/** Catalog browser presentation: part specs with units, rule versions and provenance, curve charts. */
import { displayUnit, formatNumber } from '../../../components/format';
import { DRIVES, RAID } from '../../../lib/display-names.generated';
import type { Curve, DecimalQuantity, Part, SizingRule } from '../api/types';

const dec = (value: string | null): number | null => (value === null ? null : Number(value));

export function partSpecs(part: Part): string {
  const specs: string[] = [];
  if (part.cores) specs.push(`${part.sockets ? `${part.sockets} × ` : ''}${part.cores} cores${part.clock_ghz ? ` @ ${formatNumber(dec(part.clock_ghz)!)} GHz` : ''}`);
  if (part.memory_gb) specs.push(`${formatNumber(part.memory_gb)} GB memory`);
  if (part.drive_count) {
    const size = part.drive_capacity_gb ? ` × ${formatNumber(dec(part.drive_capacity_gb)!)} GB` : '';
    specs.push(`${part.drive_count}${size} ${part.drive_technology ? (DRIVES[part.drive_technology] ?? part.drive_technology.toUpperCase()) : 'drives'}`.trim());
  }
  if (part.host_ports) {
    const speed = part.host_port_speed_gbps ? ` × ${formatNumber(dec(part.host_port_speed_gbps)!)} Gb/s` : '';
    specs.push(`${part.host_ports}${speed} ${part.host_port_protocol.toUpperCase()} ports`.trim());
  }
  if (part.cache_gb) specs.push(`${formatNumber(dec(part.cache_gb)!)} GB cache`);
  if (part.rack_units) specs.push(`${part.rack_units} U`);
  if (part.raid_levels.length) specs.push(`RAID: ${part.raid_levels.map((r) => RAID[r] ?? r).join(', ')}`);
  return specs.join(' · ');
}

export function provenance(document: string | null, locator: string): string {
  return [document, locator].filter(Boolean).join(', ') || 'no source recorded';
}

export function formatParameters(parameters: Record<string, DecimalQuantity>): string {
  return Object.entries(parameters)
    .map(([name, q]) => `${name.replace(/_/g, ' ')} ${formatNumber(Number(q.value))}${q.unit === '%' ? '%' : ` ${displayUnit(q.unit)}`}`)
    .join(', ');
}

export interface RuleGroup {
  slug: string;
  current: SizingRule;
  versions: SizingRule[];
}

/** One entry per rule slug: the current version first, older versions after (newest first). */
export function groupRules(rules: SizingRule[]): RuleGroup[] {
  const bySlug = new Map<string, SizingRule[]>();
  for (const rule of rules) bySlug.set(rule.slug, [...(bySlug.get(rule.slug) ?? []), rule]);
  return [...bySlug.entries()]
    .map(([slug, versions]) => {
      const sorted = [...versions].sort((a, b) => b.version - a.version);
      return { slug, current: sorted.find((r) => r.is_current) ?? sorted[0]!, versions: sorted };
    })
    .sort((a, b) => a.slug.localeCompare(b.slug));
}

export function curveQuantities(curve: Curve): { quantity: string; unit: string }[] {
  const seen = new Map<string, string>();
  for (const point of curve.points) for (const v of point.values) if (!seen.has(v.quantity)) seen.set(v.quantity, displayUnit(v.unit));
  return [...seen.entries()].map(([quantity, unit]) => ({ quantity, unit }));
}

/** Conditions that change from point to point: they label the x axis. */
export function varyingConditions(curve: Curve): string[] {
  const keys = [...new Set(curve.points.flatMap((p) => Object.keys(p.conditions)))];
  return keys.filter((k) => new Set(curve.points.map((p) => JSON.stringify(p.conditions[k] ?? null))).size > 1);
}

export interface CurveChartModel {
  /** A line only when the points lie along one numeric condition; otherwise separate bars. */
  kind: 'line' | 'bar';
  xTitle: string;
  /** One line of text per varying condition (Chart.js draws a string[] label on several lines). */
  labels: string[][];
  values: (number | null)[];
  unit: string;
  sources: string[];
}

const humanise = (key: string) => key.replace(/_/g, ' ');

export function buildCurveChart(curve: Curve, quantity: string): CurveChartModel {
  const varying = varyingConditions(curve);
  const unit = curveQuantities(curve).find((q) => q.quantity === quantity)?.unit ?? '';
  const numericAxis =
    varying.length === 1 && curve.points.every((p) => typeof p.conditions[varying[0]!] === 'number') ? varying[0]! : null;
  const ordered = numericAxis
    ? [...curve.points].sort((a, b) => Number(a.conditions[numericAxis]) - Number(b.conditions[numericAxis]))
    : curve.points;
  const labels = ordered.map((p) =>
    numericAxis
      ? [String(p.conditions[numericAxis])]
      : varying.length
        ? varying.map((k) => `${humanise(k)} ${String(p.conditions[k] ?? '—')}`)
        : [`point ${p.position}`],
  );
  const values = ordered.map((p) => {
    const v = p.values.find((x) => x.quantity === quantity);
    return v ? Number(v.value) : null;
  });
  const sources = [...new Set(ordered.map((p) => provenance(p.source_document ?? curve.source_document, p.source_locator)))];
  return { kind: numericAxis ? 'line' : 'bar', xTitle: numericAxis ? humanise(numericAxis) : 'measured point', labels, values, unit, sources };
}

/** The curve to open first: the first one with a line of three or more measured points along a numeric axis. */
export function defaultCurve(curves: Curve[]): Curve | undefined {
  const hasLine = (c: Curve) => buildNumericCurveChart(c, curveQuantities(c)[0]?.quantity ?? '')?.series.some((s) => s.joined && s.points.length >= 3);
  return curves.find(hasLine) ?? curves[0];
}

/** Conditions that number the runs of a table rather than measure anything: never an axis, never a series. */
const IDENTIFIERS = new Set(['test', 'run', 'position']);
/** Load axes a reader expects on x, first when several conditions vary as often. */
const AXIS_PREFERENCE = ['users', 'sessions', 'block_size_kb', 'queue_depth', 'warehouses', 'query_streams', 'arrays', 'xbricks', 'rac_nodes', 'read_pct'];
/** A condition's unit from its name's suffix: "block_size_kb" -> "block size (KB)". */
const SUFFIX_UNITS: [string, string][] = [['_kb', 'KB'], ['_mb', 'MB'], ['_gb', 'GB'], ['_ms', 'ms'], ['_s', 's'], ['_pct', '%']];

/** "read_pct", 70 -> "read 70%"; "block_size_kb", 8 -> "block size 8 KB"; others as they are. */
export function conditionValue(key: string, value: unknown): string {
  const suffix = SUFFIX_UNITS.find(([s]) => key.endsWith(s));
  if (!suffix || typeof value !== 'number') return `${humanise(key)} ${String(value ?? '—')}`;
  return `${humanise(key.slice(0, -suffix[0].length))} ${formatNumber(value)}${suffix[1] === '%' ? '%' : ` ${suffix[1]}`}`;
}

export function conditionTitle(key: string): string {
  const suffix = SUFFIX_UNITS.find(([s]) => key.endsWith(s));
  return suffix ? `${humanise(key.slice(0, -suffix[0].length))} (${suffix[1]})` : humanise(key);
}

export interface NumericCurvePoint {
  x: number;
  y: number;
  source: string;
}

export interface NumericCurveSeries {
  /** The other conditions that tell this series from the rest ("read pct 70"), or the quantity alone. */
  label: string;
  /** Sorted by x. */
  points: NumericCurvePoint[];
  /** Drawn as a line: two or more points at distinct x of the same series (never across series). */
  joined: boolean;
}

export interface NumericCurveChartModel {
  xKey: string;
  xTitle: string;
  unit: string;
  series: NumericCurveSeries[];
  sources: string[];
}

/**
 * The curve on a linear x axis in the unit of one numeric condition (block size in KB, users, sessions):
 * points placed by value, not evenly by category; one series per combination of the other conditions
 * that vary (read share, RAID level), each sorted and joined only within itself. Null when no numeric
 * condition varies across the points that carry the quantity (the bar view then labels each point).
 */
export function buildNumericCurveChart(curve: Curve, quantity: string): NumericCurveChartModel | null {
  const unit = curveQuantities(curve).find((q) => q.quantity === quantity)?.unit ?? '';
  const measured = curve.points
    .map((p) => ({ point: p, value: p.values.find((v) => v.quantity === quantity) }))
    .filter((m): m is { point: Curve['points'][number]; value: NonNullable<typeof m.value> } => Boolean(m.value));
  if (!measured.length) return null;
  const keys = [...new Set(measured.flatMap((m) => Object.keys(m.point.conditions)))].filter((k) => !IDENTIFIERS.has(k));
  const varying = keys.filter((k) => new Set(measured.map((m) => JSON.stringify(m.point.conditions[k] ?? null))).size > 1);
  const distinct = (k: string) => new Set(measured.map((m) => m.point.conditions[k])).size;
  const rank = (k: string) => (AXIS_PREFERENCE.includes(k) ? AXIS_PREFERENCE.indexOf(k) : AXIS_PREFERENCE.length);
  const xKey = varying
    .filter((k) => measured.every((m) => typeof m.point.conditions[k] === 'number'))
    .sort((a, b) => distinct(b) - distinct(a) || rank(a) - rank(b))[0];
  if (!xKey) return null;
  const others = varying.filter((k) => k !== xKey);
  const groups = new Map<string, NumericCurvePoint[]>();
  for (const { point, value } of measured) {
    const label = others.map((k) => conditionValue(k, point.conditions[k])).join(', ') || humanise(quantity);
    groups.set(label, [
      ...(groups.get(label) ?? []),
      { x: Number(point.conditions[xKey]), y: Number(value.value), source: provenance(point.source_document ?? curve.source_document, point.source_locator) },
    ]);
  }
  const series = [...groups.entries()].map(([label, points]) => {
    const sorted = [...points].sort((a, b) => a.x - b.x);
    return { label, points: sorted, joined: sorted.length >= 2 && new Set(sorted.map((p) => p.x)).size === sorted.length };
  });
  return { xKey, xTitle: conditionTitle(xKey), unit, series, sources: [...new Set(measured.map((m) => provenance(m.point.source_document ?? curve.source_document, m.point.source_locator)))] };
}
