/** Catalog browser presentation: part specs with units, rule versions and provenance, curve charts. */
import { formatNumber } from '../../../components/format';
import type { Curve, DecimalQuantity, Part, SizingRule } from '../api/types';

const dec = (value: string | null): number | null => (value === null ? null : Number(value));

export function partSpecs(part: Part): string {
  const specs: string[] = [];
  if (part.cores) specs.push(`${part.sockets ? `${part.sockets} × ` : ''}${part.cores} cores${part.clock_ghz ? ` @ ${formatNumber(dec(part.clock_ghz)!)} GHz` : ''}`);
  if (part.memory_gb) specs.push(`${formatNumber(dec(part.memory_gb)!)} GB memory`);
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
    .map(([name, q]) => `${name.replace(/_/g, ' ')} ${formatNumber(Number(q.value))}${q.unit === '%' ? '%' : ` ${q.unit}`}`)
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
  for (const point of curve.points) for (const v of point.values) if (!seen.has(v.quantity)) seen.set(v.quantity, v.unit);
  return [...seen.entries()].map(([quantity, unit]) => ({ quantity, unit }));
}

/** Conditions that change from point to point: they label the x axis. */
export function varyingConditions(curve: Curve): string[] {
  const keys = [...new Set(curve.points.flatMap((p) => Object.keys(p.conditions)))];
  return keys.filter((k) => new Set(curve.points.map((p) => JSON.stringify(p.conditions[k] ?? null))).size > 1);
}

export interface CurveChartModel {
  labels: string[];
  values: (number | null)[];
  unit: string;
  sources: string[];
}

export function buildCurveChart(curve: Curve, quantity: string): CurveChartModel {
  const varying = varyingConditions(curve);
  const unit = curveQuantities(curve).find((q) => q.quantity === quantity)?.unit ?? '';
  const labels = curve.points.map((p) =>
    varying.length
      ? varying.map((k) => `${k.replace(/_/g, ' ')} ${String(p.conditions[k] ?? '—')}`).join(', ')
      : `point ${p.position}`,
  );
  const values = curve.points.map((p) => {
    const v = p.values.find((x) => x.quantity === quantity);
    return v ? Number(v.value) : null;
  });
  const sources = [...new Set(curve.points.map((p) => provenance(p.source_document ?? curve.source_document, p.source_locator)))];
  return { labels, values, unit, sources };
}
