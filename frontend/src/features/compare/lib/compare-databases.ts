/** The databases of the compared designs (issue 40): a row per database name, each design's cell
 * its verdict beside the others, its throughput and its response time, in the engine's words. */
import { formatQuantity, formatSignedPercent, plural } from '../../../components/format';
import { VERDICTS } from '../../../lib/display-names.generated';
import type { CompareColumn, CompareDatabase } from '../api/types';

export type DatabaseTone = 'ok' | 'warn' | 'bad' | 'none';

export interface DatabaseCell {
  /** "holds", "does not hold", "paused". */
  verdict: string;
  tone: DatabaseTone;
  /** "Priority 1 · OLTP · 2 clones". */
  about: string;
  /** "27,410 TPS", "2,012 MB/s of 2,000 MB/s target". */
  throughput: string;
  /** "2.34 ms (+0.914 ms beside the others)"; DSS: "no response time (a scan)". */
  response: string;
  /** "headroom +0.6%", or '' where none is published. */
  headroom: string;
  /** The engine's sentence on the database. */
  statement: string;
}

export interface DatabaseRow {
  /** The name, lower-cased: one database across designs whatever its capitals. */
  key: string;
  /** The name as the first design to list it spells it. */
  name: string;
  /** Per design: its database of that name, null when it has none. */
  cells: (DatabaseCell | null)[];
}

const TONES: Record<string, DatabaseTone> = { holds: 'ok', 'holds-until': 'warn', 'does-not-hold': 'bad' };

const KINDS: Record<string, string> = { oltp: 'OLTP', dss: 'DSS' };

function signed(q: CompareDatabase['response_change']): string {
  if (!q) return '';
  const text = formatQuantity({ ...q, value: Math.abs(q.value) });
  return `${q.value > 0 ? '+' : q.value < 0 ? '−' : '±'}${text}`;
}

export function databaseCell(d: CompareDatabase): DatabaseCell {
  const verdict = d.paused ? 'paused' : d.verdict ? (VERDICTS[d.verdict] ?? d.verdict.replace(/-/g, ' ')).toLowerCase() : '—';
  const clones = d.clones ? ` · ${d.clones} ${plural(d.clones, 'clone')}` : '';
  const target = d.target_throughput ? ` of ${formatQuantity(d.target_throughput)} target` : '';
  const change = d.response_change && d.response_change.value !== 0 ? ` (${signed(d.response_change)} beside the others)` : '';
  let response = '—';
  if (d.response) response = `${formatQuantity(d.response)}${change}`;
  else if (d.kind === 'dss' && !d.paused) response = 'none: judged by its scan MB/s';
  return {
    verdict,
    tone: d.paused ? 'none' : d.verdict ? (TONES[d.verdict] ?? 'none') : 'none',
    about: `Priority ${d.priority} · ${KINDS[d.kind] ?? d.kind}${clones}`,
    throughput: d.paused ? '—' : `${formatQuantity(d.throughput)}${target}`,
    response: d.paused ? '—' : response,
    headroom: d.headroom_pct ? `headroom ${formatSignedPercent(d.headroom_pct.value)}` : '',
    statement: d.statement.trim(),
  };
}

/** A row per database name across the designs, in the order the designs list them (the first design's
 * databases in the engine's order, then each next design's new ones); none when no design lists any. */
export function databaseRows(columns: CompareColumn[]): DatabaseRow[] {
  const rows: DatabaseRow[] = [];
  columns.forEach((column, i) => {
    for (const d of column.databases) {
      const key = d.name.trim().toLowerCase();
      let row = rows.find((r) => r.key === key);
      if (!row) {
        row = { key, name: d.name, cells: columns.map(() => null) };
        rows.push(row);
      }
      row.cells[i] = databaseCell(d);
    }
  });
  return rows;
}

/** What a design's cell says in a database row it has no database for. */
export function missingDatabaseText(column: CompareColumn): string {
  return column.databases.length ? 'no such database' : 'one database: its figures are above';
}

/** The note under the databases: why several databases' figures together carry no error band. */
export function notValidatedNotes(columns: CompareColumn[]): { design: string; reason: string }[] {
  return columns.flatMap((c) => (c.consolidated && c.not_validated_reason ? [{ design: c.name, reason: c.not_validated_reason }] : []));
}
