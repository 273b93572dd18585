import { describe, expect, it } from 'vitest';
import { VERDICTS } from './display-names.generated';
import { verdictWords } from './verdict';

describe('verdictWords', () => {
  it('names each verdict, with the month a holds-until design misses a target', () => {
    expect(verdictWords('holds', null)).toEqual({ text: 'Holds', tone: 'ok' });
    expect(verdictWords('holds-until', 23)).toEqual({ text: 'Holds until month 23', tone: 'warn' });
    expect(verdictWords('holds-until', null)).toEqual({ text: 'Holds for now', tone: 'warn' });
    expect(verdictWords('does-not-hold', null)).toEqual({ text: 'Does not hold', tone: 'bad' });
    expect(verdictWords('something-new', null)).toBeNull();
    // The words are the engine's display names (display-names.generated.ts), the proposal's too.
    expect(verdictWords('does-not-hold', null)?.text).toBe(VERDICTS['does-not-hold']);
    expect(verdictWords('holds-until', 3)?.text).toBe(`${VERDICTS['holds-until']} month 3`);
  });
});
