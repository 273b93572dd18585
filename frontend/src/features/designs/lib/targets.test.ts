import { describe, expect, it } from 'vitest';
import { netappFas3140, quarterRack } from './fixture';
import { targetRows, verdictSentence } from './targets';

describe('targets', () => {
  it('reads each check of a real evaluation: value against limit, met through the horizon', () => {
    const rows = targetRows(quarterRack().evaluation);
    expect(rows.map((r) => r.target)).toEqual(['sla', 'cpu', 'capacity']);
    expect(rows[0]).toMatchObject({ label: 'Load within the SLA response', value: '8,700 TPS', limit: '25,800 TPS', comparison: '≤', status: 'Met', tone: 'ok' });
    expect(rows[1]).toMatchObject({ label: 'CPU at the design load', comparison: '≤', met: true, source: "the catalog's CPU utilisation limit" });
  });

  it('says a target missed today, and one the growth misses in its month', () => {
    const missed = targetRows(netappFas3140().evaluation).find((r) => r.target === 'cpu');
    expect(missed).toMatchObject({ met: false, status: 'Missed', tone: 'bad' });
    const payload = quarterRack();
    const evaluation = payload.evaluation;
    evaluation.targets.checks[1] = { ...evaluation.targets.checks[1]!, months_until_missed: 23 };
    evaluation.targets.checks.push({ target: 'headroom', label: 'Headroom over the design load', value: { value: 196, unit: '%' },
                                     limit: { value: 30, unit: '%' }, met: true, source: "the design's target", months_until_missed: null });
    const rows = targetRows(evaluation);
    expect(rows[1]).toMatchObject({ met: true, status: 'Missed in month 23', tone: 'warn' });
    expect(rows[3]).toMatchObject({ comparison: '≥', value: '196%', limit: '30%' });
  });

  it('puts the verdict in words, with the month and the horizon of holds-until', () => {
    const evaluation = quarterRack().evaluation;
    expect(verdictSentence(evaluation)).toBe('The design holds');
    const until = { ...evaluation, verdict: 'holds-until' as const, targets: { ...evaluation.targets, months_until_missed: 23, first_missed: 'cpu' } };
    expect(verdictSentence(until)).toBe('The design holds until month 23 of the 3-year growth horizon');
    expect(verdictSentence(netappFas3140().evaluation)).toBe('The design does not hold');
  });
});
