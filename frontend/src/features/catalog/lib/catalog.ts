/** Catalog browser presentation: part specs with units, rule versions and provenance, curve charts. */
import { displayUnit, formatNumber } from '../../../components/format';
import type { Curve, DecimalQuantity, Part, SizingRule } from '../api/types';

const dec = (value: string | null): number | null => (value === null ? null : Number(value));

export function partSpecs(part: Part): string {
  const specs: string[] = [];
  if (part.cores) specs.push(`${part.sockets ? `${part.sockets} × ` : ''}${part.cores} cores${part.clock_ghz ? ` @ ${formatNumber(dec(part.clock_ghz)!)} GHz` : ''}`);
  if (part.memory_gb) specs.push(`${formatNumber(part.memory_gb)} GB memory`);
  if (part.drive_count) {
    const size = part.drive_capacity_gb ? ` × ${formatNumber(dec(part.drive_capacity_gb)!)} GB` : '';
    specs.push(`${part.drive_count}${size} ${part.drive_technology.toUpperCase() || 'drives'}`.trim());
  }
  if (part.host_ports) {
    const speed = part.host_port_speed_gbps ? ` × ${formatNumber(dec(part.host_port_speed_gbps)!)} Gb/s` : '';
    specs.push(`${part.host_ports}${speed} ${part.host_port_protocol.toUpperCase()} ports`.trim());
  }
  if (part.cache_gb) specs.push(`${formatNumber(dec(part.cache_gb)!)} GB cache`);
  if (part.rack_units) specs.push(`${part.rack_units} U`);
  if (part.raid_levels.length) specs.push(`RAID: ${part.raid_levels.join(', ')}`);
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

/** The curve to open first: the first one with a numeric load axis and several points. */
export function defaultCurve(curves: Curve[]): Curve | undefined {
  return curves.find((c) => c.points.length >= 3 && buildCurveChart(c, curveQuantities(c)[0]?.quantity ?? '').kind === 'line') ?? curves[0];
}
