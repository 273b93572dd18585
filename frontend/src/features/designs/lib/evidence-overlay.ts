/**
 * The evaluation's `evidence_overlay` (backend designs/evaluation.py `_evidence_overlay`, docs/imports.md)
 * as the editor shows it: the catalog-only headline beside this evaluation's and their difference, the
 * team's imports (read by the model or not, and why), and every imported point against the model.
 * Pure: the components only lay these rows out.
 */
import { formatNumber, formatQuantity, formatSignedPercent, type Quantity } from '../../../components/format';
import { VERDICTS } from '../../../lib/display-names.generated';
import type { EvaluationPayload, EvidenceOverlay, OverlayImport, OverlayPoint } from '../api/types';

/**
 * The overlay of an evaluation, or null: the key is there only for a design that names imports (the
 * published schema lists it as required, the payload of a design without imports has none).
 */
export function overlayOf(payload: EvaluationPayload | null | undefined): EvidenceOverlay | null {
  return (payload as Partial<EvaluationPayload> | null | undefined)?.evidence_overlay ?? null;
}

/** The figures compared, in the headline's order; each is there only when the evaluation has it
 * (a DSS design has a sustained throughput, no TPS or users). */
export const OVERLAY_FIGURES = [
  { key: 'max_sustained_tps', label: 'Max sustained TPS' },
  { key: 'sustained_throughput', label: 'Sustained throughput' },
  { key: 'users_at_max', label: 'Users at the maximum' },
  { key: 'response_at_design', label: 'Response at the design load' },
  { key: 'storage_latency_at_design', label: 'Storage latency at the design load' },
  { key: 'headroom_pct', label: 'Headroom' },
] as const;

export type OverlayFigure = (typeof OVERLAY_FIGURES)[number]['key'];

export type ChangeTone = 'better' | 'worse' | 'same' | 'neutral';

export interface ComparisonRow {
  key: OverlayFigure | 'verdict';
  label: string;
  /** On the catalog's evidence alone. */
  catalog: string;
  /** This evaluation (calibrated on the team's evidence when the overlay says recalibrated). */
  calibrated: string;
  /** calibrated - catalog, in the figure's unit ("+353 TPS", "−1.2 ms", "+3.1 points"); '—' when unknown. */
  change: string;
  /** The change in % of the catalog's figure ("+2.4%"); '' when not given. */
  pct: string;
  tone: ChangeTone;
}

// Figures for which a higher value is the better design (the others: lower is better).
const HIGHER_IS_BETTER: ReadonlySet<OverlayFigure> = new Set(['max_sustained_tps', 'sustained_throughput', 'users_at_max', 'headroom_pct']);

type Figures = Partial<Record<OverlayFigure, Quantity | null>>;
type Changes = Partial<Record<OverlayFigure, { value: number; unit: string; pct: number | null } | null>>;

/** A signed change in its unit: a change of a percentage (headroom) is in points, not %. */
export function changeText(value: number, unit: string): string {
  const sign = value > 0 ? '+' : value < 0 ? '−' : '±';
  const magnitude = Math.abs(value);
  if (unit === '%') return `${sign}${formatNumber(magnitude)} ${magnitude === 1 ? 'point' : 'points'}`;
  return `${sign}${formatQuantity({ value: magnitude, unit })}`;
}

export const verdictText = (verdict: string | null | undefined): string => (verdict ? (VERDICTS[verdict] ?? verdict) : '—');

function toneOf(figure: OverlayFigure, value: number | undefined): ChangeTone {
  if (value === undefined) return 'neutral';
  if (value === 0) return 'same';
  return value > 0 === HIGHER_IS_BETTER.has(figure) ? 'better' : 'worse';
}

/** The before-and-after table: the verdict first, then each figure either side has. */
export function comparisonRows(overlay: EvidenceOverlay): ComparisonRow[] {
  const before = overlay.baseline as Figures;
  const after = overlay.headline as Figures;
  const difference = overlay.difference as Changes;
  const changed = overlay.difference.verdict_changed;
  const rows: ComparisonRow[] = [
    {
      key: 'verdict',
      label: 'Verdict',
      catalog: verdictText(overlay.baseline.verdict),
      calibrated: verdictText(overlay.headline.verdict),
      change: changed ? 'Changed' : 'Unchanged',
      pct: '',
      tone: changed ? 'worse' : 'same',
    },
  ];
  if (changed && overlay.baseline.verdict && overlay.headline.verdict) {
    // A verdict that moved towards "holds" is better news, one that moved away worse.
    const rank = (v: string) => ['does-not-hold', 'holds-until', 'holds'].indexOf(v);
    rows[0]!.tone = rank(overlay.headline.verdict) > rank(overlay.baseline.verdict) ? 'better' : 'worse';
  }
  for (const { key, label } of OVERLAY_FIGURES) {
    const b = before[key] ?? null;
    const a = after[key] ?? null;
    if (!b && !a) continue;
    const d = difference[key] ?? null;
    rows.push({
      key,
      label,
      catalog: formatQuantity(b),
      calibrated: formatQuantity(a),
      change: d ? changeText(d.value, d.unit) : '—',
      pct: d && d.pct !== null ? formatSignedPercent(d.pct) : '',
      tone: toneOf(key, d?.value),
    });
  }
  return rows;
}

export type ImportUse = 'used' | 'not-used' | 'compared';

export interface ImportRow {
  id: number;
  name: string;
  /** "ORION run, 4 points", "Swingbench series, 3 runs". */
  what: string;
  /** "Prod PS6010XV (equallogic, PS6010XV)"; '' when the import names no system. */
  system: string;
  use: ImportUse;
  useText: string;
  notes: string[];
}

const KIND_WORDS: Record<OverlayImport['kind'], { label: string; point: string }> = {
  orion: { label: 'ORION run', point: 'point' },
  swingbench: { label: 'Swingbench series', point: 'run' },
};

/** The imports the design names: what each is, and whether the model read it (only when calibrated). */
export function importRows(overlay: EvidenceOverlay): ImportRow[] {
  return overlay.imports.map((i) => {
    const kind = KIND_WORDS[i.kind];
    const details = [i.family, i.storage_model].filter(Boolean).join(', ');
    const system = i.existing_system ? `${i.existing_system}${details ? ` (${details})` : ''}` : details;
    const use: ImportUse = !overlay.recalibrated ? 'compared' : i.used_by_model ? 'used' : 'not-used';
    return {
      id: i.id,
      name: i.name,
      what: `${kind.label}, ${formatNumber(i.points)} ${i.points === 1 ? kind.point : `${kind.point}s`}`,
      system,
      use,
      useText: { used: 'Used by the model', 'not-used': 'Not used by the model', compared: 'Compared only' }[use],
      notes: i.notes,
    };
  });
}

export interface PointRow {
  key: string;
  /** The import's name (its id when the overlay does not list it). */
  importName: string;
  source: string;
  at: string;
  quantity: string;
  measured: string;
  predicted: string;
  /** (predicted - measured) / measured in %, signed; '—' when nothing is predicted. */
  error: string;
  /** |error| within 10 %: 'close'; within 25 %: 'off'; beyond: 'far'; not predicted: 'none'. */
  errorTone: 'close' | 'off' | 'far' | 'none';
  note: string;
}

const QUANTITY_WORDS: Record<string, string> = {
  tps: 'TPS',
  response_time: 'Response time',
  iops: 'IOPS',
  throughput: 'Throughput',
};

function errorToneOf(pct: number | null): PointRow['errorTone'] {
  if (pct === null) return 'none';
  const abs = Math.abs(pct);
  return abs <= 10 ? 'close' : abs <= 25 ? 'off' : 'far';
}

/** Every imported point against the model, in the API's order (import by import). */
export function pointRows(overlay: EvidenceOverlay): PointRow[] {
  const names = new Map(overlay.imports.map((i) => [i.id, i.name]));
  return overlay.validation.rows.map((r: OverlayPoint, index) => ({
    key: `${r.import}-${index}`,
    importName: names.get(r.import) ?? `Import ${r.import}`,
    source: r.source,
    at: r.at,
    quantity: QUANTITY_WORDS[r.quantity] ?? r.quantity,
    measured: formatQuantity({ value: r.measured, unit: r.unit }),
    predicted: r.predicted === null ? '—' : formatQuantity({ value: r.predicted, unit: r.unit }),
    error: formatSignedPercent(r.error_pct),
    errorTone: errorToneOf(r.error_pct),
    note: r.note,
  }));
}

/** The panel's opening sentence: what this evaluation is on. */
export function overlaySummary(overlay: EvidenceOverlay): string {
  const count = overlay.imports.length;
  const ours = `${formatNumber(count)} of the team's evidence ${count === 1 ? 'import' : 'imports'}`;
  if (overlay.recalibrated) {
    const used = overlay.imports.filter((i) => i.used_by_model).length;
    return `Calibrated on ${ours} as well as the catalog's evidence (${formatNumber(used)} read by the model): the catalog-only projection is beside it.`;
  }
  return `Not calibrated: the design is evaluated on the catalog's evidence, and ${ours} ${count === 1 ? 'is' : 'are'} compared with that model.`;
}

/** How many points were predicted, and the largest error among them ("3 of 7 points predicted; largest error −18.2%"). */
export function pointsSummary(overlay: EvidenceOverlay): string {
  const rows = overlay.validation.rows;
  const predicted = rows.filter((r) => r.error_pct !== null);
  const head = `${formatNumber(predicted.length)} of ${formatNumber(rows.length)} imported ${rows.length === 1 ? 'point' : 'points'} predicted by ${overlay.validation.on}`;
  if (!predicted.length) return head;
  const largest = predicted.reduce((m, r) => (Math.abs(r.error_pct ?? 0) > Math.abs(m.error_pct ?? 0) ? r : m));
  return `${head}; largest error ${formatSignedPercent(largest.error_pct)}`;
}
