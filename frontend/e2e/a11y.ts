import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

// Accessibility checks (issue 15): axe-core, Deque's rule engine (the one browser devtools and most CI
// accessibility checks run), on the page as rendered in Chromium. The WCAG 2.0 and 2.1 A and AA rules
// only; a violation fails the test when axe rates its impact serious or critical.
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
type Result = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/** One violation as a reader needs it: rule, impact, what is wrong, where (selectors) and the rule's help page. */
export function describeViolation(violation: Result): string {
  const nodes = violation.nodes
    .map((node) => {
      const target = node.target.map((t) => (Array.isArray(t) ? t.join(' >>> ') : String(t))).join(' ');
      const why = node.failureSummary ? `\n      ${node.failureSummary.replace(/\n/g, '\n      ')}` : '';
      return `    - ${target}${why}`;
    })
    .join('\n');
  return `  [${violation.impact ?? 'unknown'}] ${violation.id}: ${violation.help}\n    ${violation.helpUrl}\n${nodes}`;
}

/**
 * Runs axe on the page as it is now and fails (softly: the test goes on to check its other states and
 * pages, then fails listing every one) on any serious or critical violation, printing each with its
 * rule id, impact, target selectors and help URL. `name` says which page and state was checked.
 */
export async function expectNoSeriousViolations(page: Page, name: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const serious = results.violations.filter((v) => FAILING_IMPACTS.has(v.impact ?? ''));
  const report = serious.map(describeViolation).join('\n');
  expect.soft(serious.length, `axe: serious or critical violations on ${name}:\n${report}`).toBe(0);
}
