/** What a row of the recommendation table shows, and the design a row creates: pure functions. */
import { formatMoney, formatQuantity, type Quantity } from '../../../components/format';
import { bottleneckWords } from '../../../lib/bottleneck';
import { type VerdictTone, verdictWords } from '../../../lib/verdict';
import type { Candidate, CandidateDatabase, Cost, Degraded, Miss, RecommendDatabase, Recommendation, RecommendRequest, Smaller, Verdict } from '../api/types';

// The verdict and the bottleneck in the words every other page uses (src/lib).
export const verdictText = (verdict: Verdict, monthsUntilMissed: number | null = null): string =>
  verdictWords(verdict, monthsUntilMissed)?.text ?? verdict;

export const verdictTone = (verdict: Verdict): VerdictTone => verdictWords(verdict, null)?.tone ?? 'bad';

export { bottleneckWords };

/** "1,234.00 USD", or "unknown" with the reason (no price book, unpriced lines). */
export function costText(cost: Cost): { text: string; note: string } {
  if (cost.amount !== null && cost.currency) return { text: formatMoney(cost.amount, cost.currency), note: cost.note };
  const unpriced = cost.unpriced_lines.length ? ` Unpriced: ${cost.unpriced_lines.join(', ')}.` : '';
  return { text: 'unknown', note: `${cost.note}${unpriced}`.trim() };
}

/** How long the candidate keeps meeting the targets as the load grows. */
export function growthText(candidate: Pick<Candidate, 'verdict' | 'months_until_missed' | 'first_missed'>): string {
  if (candidate.verdict === 'does-not-hold') return 'Misses today';
  if (candidate.months_until_missed === null) return 'Holds through the horizon';
  const what = candidate.first_missed ? `${candidate.first_missed} missed` : 'a target is missed';
  return `${what} in month ${candidate.months_until_missed}`;
}

export const missText = (miss: Miss): string => `${miss.label}: ${formatQuantity(miss.value)} against ${formatQuantity(miss.limit)}`;

/** The candidate with the resilience policy's failure applied, in a few words. */
export function degradedText(degraded: Degraded | null): string {
  if (!degraded) return '—';
  const response = degraded.response_at_design ? `, response ${formatQuantity(degraded.response_at_design)}` : '';
  return `${degraded.event}: ${verdictText(degraded.verdict)}${response}`;
}

/** "one X-Brick fewer: Load within the SLA response: 30,000 TPS against 23,078 TPS". */
export function smallerText(smaller: Smaller): string {
  const why = smaller.misses.length ? smaller.misses.map(missText).join('; ') : (smaller.reasons[0] ?? verdictText(smaller.verdict));
  return `${smaller.change}: ${why}`;
}

/** The platform inputs of a candidate with its null fields dropped (the API's defaults apply). */
export function platformWithoutNulls(platform: Candidate['platform']): Record<string, unknown> {
  return Object.fromEntries(Object.entries(platform).filter(([, value]) => value !== null && value !== undefined));
}

export interface NewDesignBody {
  name: string;
  team: number | null;
  /** One database's workload; a design of several gets `databases` instead (the first one's workload is the design's). */
  workload?: Record<string, unknown>;
  databases?: RecommendDatabase[];
  clone_reduction_ratio?: number | null;
  platform: Record<string, unknown>;
  price_book: number | null;
}

/** POST /designs/ for a candidate: the request's workload, the candidate's platform, the chosen price book. */
export function createDesignBody(
  candidate: Pick<Candidate, 'label' | 'platform'>,
  workload: Record<string, unknown>,
  team: number | null,
  priceBook: number | null,
): NewDesignBody {
  return { name: candidate.label.slice(0, 200), team, workload, platform: platformWithoutNulls(candidate.platform), price_book: priceBook };
}

/** POST /designs/ for a candidate of the request asked: its workload, or its databases (a design of several). */
export function designBodyFor(candidate: Pick<Candidate, 'label' | 'platform'>, asked: RecommendRequest, team: number | null): NewDesignBody {
  const priceBook = asked.price_book ?? null;
  if (!asked.databases) return createDesignBody(candidate, asked.workload, team, priceBook);
  // No `workload`: the design's is its first database's (POST /designs/ takes it from there).
  const ratio = asked.clone_reduction_ratio;
  return {
    name: candidate.label.slice(0, 200),
    team,
    databases: asked.databases,
    ...(ratio !== undefined && ratio !== null ? { clone_reduction_ratio: ratio } : {}),
    platform: platformWithoutNulls(candidate.platform),
    price_book: priceBook,
  };
}

/** One database of a consolidated candidate, in the words of its row. */
export interface DatabaseFigures {
  name: string;
  verdict: string;
  tone: VerdictTone | 'none';
  throughput: string;
  response: string;
  /** "+1.2 ms against alone", '' when not given. */
  change: string;
  statement: string;
}

/** "+1.2 ms", "−0.3 ms", "0 ms". */
export function signedQuantity(q: Quantity): string {
  const text = formatQuantity({ ...q, value: Math.abs(q.value) });
  return `${q.value > 0 ? '+' : q.value < 0 ? '−' : ''}${text}`;
}

export function databaseFigures(d: CandidateDatabase): DatabaseFigures {
  return {
    name: d.name,
    verdict: d.verdict ? verdictText(d.verdict) : 'Not evaluated',
    tone: d.verdict ? verdictTone(d.verdict) : 'none',
    throughput: d.throughput ? formatQuantity(d.throughput) : '—',
    // A DSS database has no response time: nothing is shown for it.
    response: d.response ? formatQuantity(d.response) : '',
    change: d.response_change ? `${signedQuantity(d.response_change)} against alone` : '',
    statement: d.statement.trim(),
  };
}

/** The answer's message; for several databases it names them too (priority order) unless it already does. */
export function messageOf(rec: Pick<Recommendation, 'kind' | 'message' | 'databases'>): string {
  if (rec.kind !== 'consolidated' || !rec.databases.length) return rec.message;
  if (rec.databases.every((name) => rec.message.includes(name))) return rec.message;
  const message = rec.message.trim();
  return `${message}${/[.!?]$/.test(message) ? '' : '.'} Databases, in priority order: ${rec.databases.join(', ')}.`;
}
