/** Headline numbers of an evaluation: what a manager reads first, each with its unit and basis. */
import { formatMoney, formatQuantity, formatSignedPercent, plural } from '../../../components/format';
import type { EngineWarning, EvaluationPayload, RuleRef } from '../api/types';

export type Tone = 'ok' | 'warn' | 'bad' | 'neutral';

export interface Headline {
  key: string;
  label: string;
  value: string;
  detail?: string;
  tone: Tone;
}

const BOTTLENECKS: Record<string, string> = {
  cpu: 'Server CPU',
  storage: 'Storage',
  network: 'Network',
  think: 'None (think time)',
};

export function bottleneckLabel(name: string | undefined): string {
  return name ? (BOTTLENECKS[name] ?? name) : '—';
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
      tone: 'neutral',
    });
    out.push({
      key: 'design-load',
      label: 'Design load',
      value: formatQuantity(s.design_tps),
      detail: `${formatQuantity(s.users)}, response ${formatQuantity(s.response_at_design)}`,
      tone: 'neutral',
    });
  } else {
    const s = evaluation.summary;
    out.push({
      key: 'throughput',
      label: 'Sustained throughput',
      value: formatQuantity(s.sustained_throughput),
      detail: `target ${formatQuantity(s.target_throughput)}${evaluation.storage.basis ? ` (${evaluation.storage.basis})` : ''}`,
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
    detail: evaluation.verdict === 'holds' ? 'the design holds' : 'the design does not hold',
    tone: headroomTone(s.headroom_pct?.value),
  });
  out.push({
    key: 'bottleneck',
    label: 'Bottleneck',
    value: bottleneckLabel(s.bottleneck),
    detail: evaluation.kind === 'oltp' ? `balance: ${evaluation.summary.balance}` : undefined,
    tone: 'neutral',
  });
  if (evaluation.kind === 'oltp') {
    const demand = evaluation.demand.iops_model;
    const capacity = evaluation.storage.iops_capacity;
    const share = capacity.value > 0 ? (demand.value / capacity.value) * 100 : Number.POSITIVE_INFINITY;
    out.push({
      key: 'iops',
      label: 'IOPS demand vs capacity',
      value: `${formatQuantity(demand)} / ${formatQuantity(capacity)}`,
      detail: `${Math.round(share)}% of the storage's IOPS (${evaluation.storage.basis})`,
      tone: share > 100 ? 'bad' : share > 80 ? 'warn' : 'ok',
    });
  }
  out.push({
    key: 'cost',
    label: 'Cost',
    value: bom.price_book ? formatMoney(bom.total, bom.currency) : 'no price book',
    detail: bom.price_book
      ? `${bom.price_book.name} v${bom.price_book.version}${bom.unpriced_lines ? `, ${bom.unpriced_lines} ${plural(bom.unpriced_lines, 'line')} unpriced` : ''}`
      : 'choose a price book to price the BOM',
    tone: bom.price_book && bom.unpriced_lines ? 'warn' : 'neutral',
  });
  return out;
}

export function ruleText(rule: RuleRef | null): string {
  if (!rule) return 'engine check';
  return `${rule.slug} v${rule.version}${rule.source ? ` — ${rule.source}` : ''}`;
}

const SEVERITY_ORDER: Record<string, number> = { critical: 0, warning: 1, info: 2 };

export function sortedWarnings(warnings: EngineWarning[]): EngineWarning[] {
  return [...warnings].sort((a, b) => (SEVERITY_ORDER[a.severity] ?? 3) - (SEVERITY_ORDER[b.severity] ?? 3));
}
