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

/** The serious and critical WCAG 2.x A/AA violations axe finds on the page as it is now. */
export async function seriousViolations(page: Page): Promise<Result[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations.filter((v) => FAILING_IMPACTS.has(v.impact ?? ''));
}

/**
 * Runs axe on the page as it is now and fails (softly: the test goes on to check its other states and
 * pages, then fails listing every one) on any serious or critical violation, printing each with its
 * rule id, impact, target selectors and help URL. `name` says which page and state was checked.
 */
export async function expectNoSeriousViolations(page: Page, name: string): Promise<void> {
  if (process.env.A11Y_REPORT) {
    // Exploring, not gating: every finding of any impact, with axe's best-practice rules too (landmarks,
    // heading order), printed for a reader to judge.
    const all = await new AxeBuilder({ page }).withTags([...WCAG_TAGS, 'best-practice']).analyze();
    if (all.violations.length) console.log(`axe report, ${name}:\n${all.violations.map(describeViolation).join('\n')}`);
  }
  const serious = await seriousViolations(page);
  const report = serious.map(describeViolation).join('\n');
  expect.soft(serious.length, `axe: serious or critical violations on ${name}:\n${report}`).toBe(0);
  // One level-one heading per page (the application's name; each page's title is a level two): axe's
  // page-has-heading-one, a best-practice rule outside the WCAG tags, checked here directly.
  expect.soft(await page.getByRole('heading', { level: 1 }).count(), `one level-one heading on ${name}`).toBe(1);
}
