/** Headline numbers of an evaluation: what a manager reads first, each with its unit and basis. */
import { formatMoney, formatNumber, formatQuantity, formatSignedPercent, plural } from '../../../components/format';
import type { DssEvaluation, EngineWarning, EvaluationPayload, OltpEvaluation, RuleRef } from '../api/types';
import { bandOf, bandView, type BandView } from './bands';
import { bottleneckWords, limitsLabel, limitsStatement } from '../../../lib/bottleneck';
import { unreachableDesignLoadText } from './design-load';
import { citation } from '../../../lib/citation';

/** The headroom tile's note on the verdict: "the design holds until month 23". */
function verdictDetail(verdict: string, monthsUntilMissed: number | null): string {
  if (verdict === 'holds') return 'the design holds';
  if (verdict === 'holds-until') return monthsUntilMissed === null ? 'the design holds for now' : `the design holds until month ${monthsUntilMissed}`;
  return 'the design does not hold';
}

export type Tone = 'ok' | 'warn' | 'bad' | 'neutral';

export interface Headline {
  key: string;
  label: string;
  value: string;
  detail?: string;
  /** The projection's interval from its family's held-out errors, where the engine bands it. */
  band?: BandView;
  /** The value is words, not a number (shown smaller). */
  text?: boolean;
  tone: Tone;
}

/** A raw station name in words (rows without the engine's limits); an evaluation's tile reads summary.limits. */
export function bottleneckLabel(name: string | undefined): string {
  return name ? bottleneckWords(name) : '—';
}

export function headroomTone(pct: number | undefined): Tone {
  if (pct === undefined) return 'neutral';
  if (pct < 0) return 'bad';
  if (pct < 20) return 'warn';
  return 'ok';
}

export function buildHeadlines(payload: EvaluationPayload): Headline[] {
  const { evaluation, bom } = payload;
  const out: Headline[] = [];
  if (evaluation.kind === 'oltp') {
    const s = evaluation.summary;
    out.push({
      key: 'tps-at-sla',
      label: `TPS at ${formatQuantity(s.sla_response)}`,
      value: formatQuantity(s.max_sustained_tps),
      detail: `${formatQuantity(s.users_at_max)} at that point`,
      band: banded(evaluation, 'max_sustained_tps'),
      tone: 'neutral',
    });
    // Beyond the most the configuration processes: no response time is a prediction at that load.
    const unreachable = unreachableDesignLoadText(s);
    out.push(
      unreachable
        ? { key: 'design-load', label: 'Design load', value: formatQuantity(s.design_tps), detail: `${unreachable}: no number of users reaches it`, tone: 'bad' }
        : {
            key: 'design-load',
            label: 'Design load',
            value: formatQuantity(s.design_tps),
            detail: `${formatQuantity(s.users)}, response ${formatQuantity(s.response_at_design)}`,
            tone: 'neutral',
          },
    );
    out.push(
      unreachable
        ? {
            key: 'response',
            label: 'Response at the design load',
            value: 'No prediction',
            text: true,
            detail: `the design load is beyond this configuration's maximum; SLA ${formatQuantity(s.sla_response)}`,
            tone: 'bad',
          }
        : {
            key: 'response',
            label: 'Response at the design load',
            value: formatQuantity(s.response_at_design),
            detail: `SLA ${formatQuantity(s.sla_response)}`,
            band: banded(evaluation, 'response_at_design'),
            tone: s.response_at_design.value > s.sla_response.value ? 'bad' : 'neutral',
          },
    );
    out.push(
      unreachable
        ? {
            key: 'storage-latency',
            label: 'Storage latency per I/O',
            value: formatQuantity(s.storage_latency_at_sla),
            detail: "at the SLA limit; the design load is beyond this configuration's maximum",
            tone: 'neutral',
          }
        : {
            key: 'storage-latency',
            label: 'Storage latency per I/O',
            value: formatQuantity(s.storage_latency_at_design),
            detail: `at the design load; ${formatQuantity(s.storage_latency_at_sla)} at the SLA limit`,
            band: banded(evaluation, 'storage_latency_at_design'),
            tone: 'neutral',
          },
    );
    out.push(utilisationHeadline(evaluation));
    out.push(profileHeadline(evaluation));
  } else {
    const s = evaluation.summary;
    out.push({
      key: 'throughput',
      label: 'Sustained throughput',
      value: formatQuantity(s.sustained_throughput),
      detail: dssThroughputDetail(evaluation),
      band: banded(evaluation, 'sustained_throughput'),
      tone: 'neutral',
    });
    const streams = evaluation.streams;
    out.push({
      key: 'per-stream',
      label: 'Per query stream',
      value: formatQuantity(streams.per_stream),
      detail: `${formatQuantity(streams.query_streams)} ${plural(streams.query_streams.value, 'stream')}; a full scan takes ${formatQuantity(streams.full_scan_time_per_stream)}`,
      tone: 'neutral',
    });
  }
  const s = evaluation.summary;
  out.push({
    key: 'headroom',
    label: 'Headroom',
    value: formatSignedPercent(s.headroom_pct?.value, 0),
    detail: verdictDetail(evaluation.verdict, evaluation.targets.months_until_missed),
    tone: headroomTone(s.headroom_pct?.value),
  });
  out.push({
    key: 'bottleneck',
    label: 'Bottleneck',
    // The engine's one answer (summary.limits), as the charts' captions and the proposal word it.
    value: limitsLabel(s.limits),
    detail: limitsStatement(s.limits) || undefined,
    tone: 'neutral',
  });
  if (evaluation.kind === 'oltp') {
    const demand = evaluation.demand.iops_model;
    const capacity = evaluation.storage.iops_capacity;
    const share = capacity.value > 0 ? (demand.value / capacity.value) * 100 : Number.POSITIVE_INFINITY;
    out.push({
      key: 'iops',
      // The queueing model's demand: a document's own sizing rule (Dell's IOPS per user) may count
      // differently, and its warning says which figure it uses.
      label: 'IOPS demand (queueing model) vs capacity',
      value: `${formatQuantity(demand)} / ${formatQuantity(capacity)}`,
      detail: `${Math.round(share)}% of the storage's IOPS (${storageBasisWords(evaluation.storage.basis)})`,
      tone: share > 100 ? 'bad' : share > 80 ? 'warn' : 'ok',
    });
  }
  const perUnit = costPerThroughput(payload);
  out.push({
    key: 'cost',
    label: 'Cost',
    value: bom.price_book ? formatMoney(bom.total, bom.currency) : 'no price book',
    detail: bom.price_book
      ? `${perUnit ? `${perUnit}; ` : ''}${bom.price_book.name} v${bom.price_book.version}${bom.unpriced_lines ? `, ${bom.unpriced_lines} ${plural(bom.unpriced_lines, 'line')} unpriced` : ''}`
      : 'choose a price book to price the BOM',
    tone: bom.price_book && bom.unpriced_lines ? 'warn' : 'neutral',
  });
  return out;
}

/** "38.76 USD per TPS at the 20 ms SLA" (OLTP) or "855.14 USD per MB/s sustained" (DSS), as the API
 * computes it (exact Decimal, to the cent: designs.evaluation.cost_per_throughput, the compare view's
 * figure too); null when it gives no amount (no price book, unpriced lines, no throughput). */
export function costPerThroughput(payload: EvaluationPayload): string | null {
  const { evaluation, cost_per_throughput: cost } = payload;
  if (!cost?.amount || !cost.currency) return null;
  const figure = evaluation.kind === 'oltp' ? evaluation.summary.max_sustained_tps : evaluation.summary.sustained_throughput;
  const basis = evaluation.kind === 'oltp' ? `at the ${formatQuantity(evaluation.summary.sla_response)} SLA` : 'sustained';
  return `${formatMoney(cost.amount, cost.currency)} per ${figure?.unit ?? ''} ${basis}`;
}

function banded(evaluation: EvaluationPayload['evaluation'], quantity: Parameters<typeof bandOf>[1]): BandView | undefined {
  const band = bandOf(evaluation, quantity);
  return band && bandView(band);
}

/** Server CPU and storage busy at the design load; the CPU graded by the balance zones' thresholds. */
function utilisationHeadline(evaluation: OltpEvaluation): Headline {
  const s = evaluation.summary;
  const cpu = s.cpu_utilisation_at_design.value;
  const zones = evaluation.balance.zones;
  return {
    key: 'utilisation',
    label: 'Utilisation at the design load',
    value: `CPU ${formatQuantity(s.cpu_utilisation_at_design, 0)} · storage ${formatQuantity(s.storage_utilisation_at_design, 0)}`,
    detail: `server CPU stress from ${formatQuantity(zones.cpu_stress, 0)}, limit ${formatQuantity(zones.cpu_limit, 0)}`,
    tone: cpu >= zones.cpu_limit.value ? 'bad' : cpu >= zones.cpu_stress.value ? 'warn' : 'neutral',
  };
}

/** The workload profile the engine ran, with its per-transaction demands. */
function profileHeadline(evaluation: OltpEvaluation): Headline {
  const d = evaluation.demand;
  const per = (q: { value: number }) => formatNumber(q.value);
  return {
    key: 'profile',
    label: 'Workload profile',
    value: d.profile_label || d.profile || "The platform's own benchmark",
    text: true,
    detail: `per transaction: ${per(d.reads_per_transaction)} reads, ${per(d.writes_per_transaction)} writes, ${formatQuantity(d.cpu_per_transaction)} CPU; ${formatQuantity(d.read_pct, 0)} reads`,
    tone: 'neutral',
  };
}

/** Where a warning's rule comes from, as a reader reads it: its source document by name (as the
 * capacity chart and the proposal cite it), not the catalog's slug; ruleId() is the slug, for a tooltip. */
export function ruleText(rule: RuleRef | null): string {
  if (!rule) return "the sizing model's own check (no catalog rule)";
  return rule.source ? citation(rule.source) : `the catalog's rule (version ${rule.version})`;
}

/** The catalog's identifier of a rule and its version ("raid10-for-oltp v1"), as the annex prints it. */
export function ruleId(rule: RuleRef | null): string | undefined {
  return rule ? `${rule.slug} v${rule.version}` : undefined;
}

/** A warning's message as the proposal prints it (reports/citations.py in_customer_words): the rule
 * it names by slug ("the catalog's cpu-utilisation-limit rule") is "the catalog's rule". */
export function warningMessage(warning: EngineWarning): string {
  const rule = warning.rule;
  return rule ? warning.message.split(`the catalog's ${rule.slug} rule`).join("the catalog's rule") : warning.message;
}

const SEVERITY_ORDER: Record<string, number> = { critical: 0, warning: 1, info: 2 };

export function sortedWarnings(warnings: EngineWarning[]): EngineWarning[] {
  return [...warnings].sort((a, b) => (SEVERITY_ORDER[a.severity] ?? 3) - (SEVERITY_ORDER[b.severity] ?? 3));
}

/** The target, then what the sustained figure is (issue 37 point 6): "measured" belongs to a figure that
 * is a measured cell of this configuration, never to the target. Without the query-stream model the
 * sustained figure is the storage's own (its basis); with it, the model's figure on the storage's. */
function dssThroughputDetail(evaluation: DssEvaluation): string {
  const target = `target ${formatQuantity(evaluation.summary.target_throughput)}`;
  const { basis, throughput_capacity: storage, database_capacity: queries } = evaluation.storage;
  if (!basis) return target;
  if (!queries) return `${target}; ${basis} (the storage's ORION figure)`;
  return `${target}; model of the query streams on the storage's ${formatQuantity(storage)} (${basis})`;
}

/** A storage figure's basis in words: "derived" is the model's figure on a measured cell of this
 *  configuration (the IOPS within the latency limit read off an ORION curve, a rated system's IOPS in
 *  another I/O mix), never the cell itself (issue 37: "measured" only on a measured cell). */
export function storageBasisWords(basis: string): string {
  return basis === 'derived' ? 'model on measured cells' : basis;
}
