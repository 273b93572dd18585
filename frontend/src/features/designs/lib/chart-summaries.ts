/**
 * What each results chart shows, in one sentence: the accessible name of its canvas (role="img"), so a
 * screen reader hears the finding of the chart, not only its kind (WCAG 1.1.1; issue 15). The caption
 * under each chart (its figcaption, the figure's name) keeps the sources and the detail.
 */
import { formatNumber, plural } from '../../../components/format';
import type { BalanceChartModel } from './balance-chart';
import { fullInText, type CapacityChartModel } from './capacity-chart';
import { designLoadText, type LoadResponseModel, type ThroughputModel } from './load-response-chart';

const ms = (value: number) => `${formatNumber(value)} ms`;
const pct = (value: number) => `${formatNumber(value)}%`;

/** `classification`: the balance in words (BALANCE, the generated display names), not the slug. */
export function balanceSummary(model: Pick<BalanceChartModel, 'operating' | 'atSla' | 'thresholds'>, classification: string): string {
  const t = model.thresholds;
  const design = model.operating
    ? `the design load runs at CPU ${pct(model.operating.x)} and ${ms(model.operating.y)} read latency`
    : 'no design load is marked';
  return (
    `Balance chart, server CPU utilisation against storage read latency: ${design}; ` +
    `at the SLA load CPU ${pct(model.atSla.x)} and ${ms(model.atSla.y)}. Classification: ${classification}. ` +
    `Amber from CPU ${pct(t.cpuStress)} or ${ms(t.latencyStress)}, red beyond CPU ${pct(t.cpuLimit)} or ${ms(t.latencyLimit)}.`
  );
}

function nodeCounts(series: { racNodes: number }[]): string {
  const counts = [...new Set(series.map((s) => s.racNodes))].sort((a, b) => a - b);
  if (!counts.length) return 'no RAC node count';
  const first = counts[0]!;
  const last = counts[counts.length - 1]!;
  return first === last ? `${first} RAC ${plural(first, 'node')}` : `${first} to ${last} RAC nodes`;
}

/** `unreachable`: the design load beyond the maximum, in words (design-load.ts), said instead of a point. */
export function loadResponseSummary(
  model: Pick<LoadResponseModel, 'series' | 'slaMs' | 'maxSustainedTps' | 'designLoad'>,
  racNodes: number,
  unreachable: string | null = null,
): string {
  const sustained =
    model.maxSustainedTps === null
      ? `no line for ${racNodes} RAC ${plural(racNodes, 'node')}`
      : `${racNodes} RAC ${plural(racNodes, 'node')} ${plural(racNodes, 'sustains', 'sustain')} ${formatNumber(model.maxSustainedTps)} TPS within the ${ms(model.slaMs)} SLA`;
  const design = model.designLoad
    ? `; the design load is ${designLoadText(model.designLoad)}`
    : unreachable
      ? `; the design load, ${unreachable}, is not drawn`
      : '';
  return `Response time against TPS for ${nodeCounts(model.series)}: ${sustained}${design}.`;
}

export function throughputSummary(model: Pick<ThroughputModel, 'series' | 'maxSustained'>, racNodes: number): string {
  const top = model.maxSustained
    ? `${racNodes} RAC ${plural(racNodes, 'node')} reach the SLA at ${formatNumber(model.maxSustained.x)} users and ${formatNumber(model.maxSustained.y)} TPS`
    : `no line for ${racNodes} RAC ${plural(racNodes, 'node')}`;
  return `Throughput against concurrent users for ${nodeCounts(model.series)}: ${top}.`;
}

export function capacitySummary(model: Pick<CapacityChartModel, 'unit' | 'labels' | 'totals' | 'usable' | 'fullInYear'>, growthPct: number): string {
  const unit = model.unit;
  const today = model.totals[0] ?? 0;
  const last = model.totals[model.totals.length - 1] ?? today;
  const lastLabel = (model.labels[model.labels.length - 1] ?? 'Today').toLowerCase();
  const full = fullInText(model.fullInYear);
  return (
    `Capacity needed against ${formatNumber(model.usable)} ${unit} usable: ${formatNumber(today)} ${unit} today` +
    (model.totals.length > 1 ? `, ${formatNumber(last)} ${unit} in ${lastLabel} at ${pct(growthPct)} a year` : '') +
    `; ${full ?? 'it fits over the whole horizon'}.`
  );
}
