import { DOCUMENTS } from './display-names.generated';

// Longest first: a slug that begins another ("oracle-fs1-2016" in a longer one) never cuts it short.
const SLUGS = Object.keys(DOCUMENTS).sort((a, b) => b.length - a.length);

/** A source as a reader reads it: the document's name in place of its catalog slug
 * ("oracle-fs1-2016, Table 1" → "the Oracle FS1-2 RAC reference architecture (2016), Table 1"), as the
 * proposal prints it. Text without a slug comes back as it is. */
export function citation(source: string): string {
  let text = source;
  for (const slug of SLUGS) {
    text = text.replace(new RegExp(`(?<![\\w-])${slug}(?![\\w-])`, 'g'), DOCUMENTS[slug] ?? slug);
  }
  return text;
}
