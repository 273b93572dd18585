import { CONFIGURATIONS, DOCUMENTS, RULES } from './display-names.generated';

// The catalog's names a reader reads: its documents, the reference configurations and the rules the
// engine's texts name by slug (display-names.generated.ts, from backend/sizing/display.py).
const NAMES: Readonly<Record<string, string>> = { ...RULES, ...CONFIGURATIONS, ...DOCUMENTS };
// Longest first: a slug that begins another ("oracle-fs1-2016" in a longer one) never cuts it short.
const SLUGS = Object.keys(NAMES).sort((a, b) => b.length - a.length);
const PATTERNS = SLUGS.map((slug) => [new RegExp(`(?<![\\w-])${slug}(?![\\w-])`, 'g'), NAMES[slug] ?? slug] as const);

/** A source as a reader reads it: the document's name in place of its catalog slug
 * ("oracle-fs1-2016, Table 1" → "the Oracle FS1-2 RAC reference architecture (2016), Table 1"), as the
 * proposal prints it, and so for a reference configuration or a rule a text names by its slug
 * ("the oracle-fs1-quarter-rack" → "the Oracle FS1-2 quarter rack"). Text without a slug comes back as
 * it is. */
export function citation(source: string): string {
  let text = source;
  for (const [pattern, name] of PATTERNS) text = text.replace(pattern, name);
  return text;
}
