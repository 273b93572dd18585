/**
 * A design of several databases evaluated together (issue 40, sizing.consolidation), in the words the
 * results show: the design's verdict, one row per database, each shared station's load by database and
 * the capacity they need together.
 */
import { formatNumber, formatQuantity, formatSignedPercent, type Quantity } from '../../../components/format';
import { STATIONS, VERDICTS, WORKLOAD_KINDS } from '../../../lib/display-names.generated';
import type { VerdictTone } from '../../../lib/verdict';
import type { components } from '../../../lib/api-schema';

type Schemas = components['schemas'];
export type Consolidation = Schemas['EngineConsolidatedEvaluation'];
export type DatabaseResult = Schemas['EngineDatabaseResult'];

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
/** A sentence of the engine ("holds beside…") as a sentence of the page, full stop included. */
export const sentence = (text: string) => (text ? `${capitalized(text.trim())}${/[.!?]$/.test(text.trim()) ? '' : '.'}` : '');

const TONES: Record<string, VerdictTone> = { holds: 'ok', 'holds-until': 'warn', 'does-not-hold': 'bad' };

export const verdictTone = (verdict: string | null): VerdictTone | 'none' => (verdict ? (TONES[verdict] ?? 'none') : 'none');

/** "The databases together hold", as the headline says the design's verdict. */
export function consolidatedVerdictSentence(consolidation: Pick<Consolidation, 'verdict' | 'databases'>): string {
  const count = consolidation.databases.filter((d) => !d.paused).length;
  const one = count === 1;
  const together = one ? 'its one database not paused' : `its ${formatNumber(count)} databases together`;
  if (consolidation.verdict === 'holds') return `The design holds: ${together} ${one ? 'meets its' : 'meet their'} targets on the shared platform`;
  if (consolidation.verdict === 'holds-until')
    return `The design holds for now: ${together} ${one ? 'meets its' : 'meet their'} targets today, not through the growth horizon`;
  return `The design does not hold: ${together} ${one ? 'misses' : 'miss'} a target on the shared platform`;
}

export interface DatabaseLine {
  name: string;
  kind: string;
  paused: boolean;
  /** "64 users", "2,000 MB/s target". */
  load: string;
  throughput: string;
  response: string;
  alone: string;
  /** "+1.2 ms", "+8.5%". */
  change: string;
  changePct: string;
  verdict: string;
  tone: VerdictTone | 'none';
  statement: string;
  clones: string;
}

const signedMs = (q: Quantity | null | undefined) => {
  if (!q) return '—';
  const text = formatQuantity({ ...q, value: Math.abs(q.value) });
  return `${q.value > 0 ? '+' : q.value < 0 ? '−' : ''}${text}`;
};

export function databaseLines(consolidation: Pick<Consolidation, 'databases'>): DatabaseLine[] {
  return consolidation.databases.map((d) => {
    const load = d.kind === 'dss' ? (d.target_throughput ? `${formatQuantity(d.target_throughput)} target` : '—') : d.target_throughput ? `${formatQuantity(d.target_throughput)} target` : formatQuantity(d.users);
    return {
      name: d.name,
      kind: WORKLOAD_KINDS[d.kind] ?? d.kind.toUpperCase(),
      paused: d.paused,
      load,
      throughput: formatQuantity(d.throughput),
      response: formatQuantity(d.response),
      alone: formatQuantity(d.alone_response ?? d.alone_throughput),
      change: signedMs(d.response_change),
      changePct: d.response_change_pct ? formatSignedPercent(d.response_change_pct.value) : '—',
      verdict: d.paused ? 'Paused' : d.verdict ? (VERDICTS[d.verdict] ?? d.verdict) : '—',
      tone: d.paused ? 'none' : verdictTone(d.verdict),
      // "Orders: holds beside the other databases: …" (the engine's words after the name).
      statement: d.statement.trim() ? `${d.name}: ${d.statement.trim().replace(/\.$/, '')}.` : '',
      clones: d.clones ? `${formatNumber(d.clones)} at ${formatQuantity(d.clone_load_pct)} load` : 'none',
    };
  });
}

export interface StationLine {
  name: string;
  label: string;
  utilisation: string;
  /** "Orders 41%, Warehouse 22%". */
  shares: { database: string; share: string }[];
  bottleneck: boolean;
}

export function stationLines(consolidation: Pick<Consolidation, 'stations' | 'bottleneck'>): StationLine[] {
  return consolidation.stations.map((s) => ({
    name: s.name,
    label: s.label || STATIONS[s.name] || capitalized(s.name.replace(/_/g, ' ')),
    utilisation: formatQuantity(s.utilisation),
    shares: Object.entries(s.by_database).map(([database, share]) => ({ database, share: formatQuantity(share) })),
    bottleneck: s.name === consolidation.bottleneck,
  }));
}

export interface CapacityLines {
  required: string;
  withoutReduction: string;
  usable: string;
  raw: string;
  fits: string;
  tone: VerdictTone;
  statement: string;
  perDatabase: { database: string; size: string }[];
  clones: { database: string; text: string; source: string }[];
}

export function capacityLines(capacity: Consolidation['capacity']): CapacityLines {
  return {
    required: formatQuantity(capacity.required),
    withoutReduction: formatQuantity(capacity.required_without_clone_reduction),
    usable: formatQuantity(capacity.usable),
    raw: formatQuantity(capacity.raw),
    fits: !capacity.fits ? 'Does not fit' : capacity.fits_only_with_clone_reduction ? "Fits only with the clones' data reduction" : 'Fits',
    tone: !capacity.fits ? 'bad' : capacity.fits_only_with_clone_reduction ? 'warn' : 'ok',
    statement: sentence(capacity.statement),
    perDatabase: Object.entries(capacity.databases).map(([database, size]) => ({ database, size: formatQuantity(size) })),
    clones: capacity.clones.map((c) => ({
      database: c.database,
      text: `${formatNumber(c.clones)} ${c.clones === 1 ? 'clone' : 'clones'}: ${formatQuantity(c.logical)} as copies, ${formatQuantity(c.physical)} stored${c.ratio ? ` (${formatQuantity(c.ratio)})` : ''}`,
      source: c.source,
    })),
  };
}

/** The not-validated note: why the figures carry no error band. */
export function notValidatedNote(consolidation: Pick<Consolidation, 'validated' | 'not_validated_reason'>): string | null {
  if (consolidation.validated) return null;
  return consolidation.not_validated_reason
    ? `Not validated: ${sentence(consolidation.not_validated_reason)}`
    : 'Not validated: no document measured these databases together.';
}

/** The first database's name, the one the headline tiles show alone. */
export const firstDatabaseName = (consolidation: Pick<Consolidation, 'databases'> | null | undefined): string | null =>
  consolidation?.databases[0]?.name ?? null;
