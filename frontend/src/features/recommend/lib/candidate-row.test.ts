import { describe, expect, it } from 'vitest';
import { candidate } from './fixture';
import { bottleneckWords, costText, createDesignBody, degradedText, growthText, platformWithoutNulls, smallerText, verdictText } from './candidate-row';

describe('a candidate row', () => {
  it('names the verdict, with the month a holds-until candidate misses', () => {
    expect(verdictText('holds')).toBe('Holds');
    expect(verdictText('holds-until', 14)).toBe('Holds until month 14');
    expect(verdictText('does-not-hold')).toBe('Does not hold');
  });

  it('puts the bottleneck in words', () => {
    expect(bottleneckWords('cpu')).toBe('Server CPU');
    expect(bottleneckWords('storage')).toBe('Storage');
    expect(bottleneckWords('storage_path')).toBe('Host I/O path to the arrays'); // the engine's display names
    expect(bottleneckWords('some_station')).toBe('some station');
  });

  it('shows the cost with its currency, or unknown with the reason', () => {
    expect(costText({ amount: '123456.5', currency: 'USD', unpriced_lines: [], note: '' }).text).toBe('123,456.50 USD');
    expect(costText(candidate.cost)).toEqual({ text: 'unknown', note: 'No price book chosen: ranked by size' });
    expect(costText({ amount: null, currency: 'EUR', unpriced_lines: ['X-Brick'], note: 'Partly priced.' }).note).toBe('Partly priced. Unpriced: X-Brick.');
  });

  it('says how long the candidate holds as the load grows', () => {
    expect(growthText(candidate)).toBe('Holds through the horizon');
    expect(growthText({ verdict: 'holds-until', months_until_missed: 20, first_missed: 'sla' })).toBe('sla missed in month 20');
    expect(growthText({ verdict: 'does-not-hold', months_until_missed: null, first_missed: null })).toBe('Misses today');
  });

  it('says why the next smaller size fails, by its misses', () => {
    expect(smallerText(candidate.smaller[0]!)).toBe('one X-Brick fewer: Load within the SLA response: 30,000 TPS against 23,080 TPS'); // 4 significant figures
  });

  it('shows the degraded state, or a dash without a resilience policy', () => {
    expect(degradedText(null)).toBe('—');
    const degraded = { event: 'one RAC node down', source: '', assumption: false, rac_nodes: 1, units: 2, verdict: 'holds' as const, response_at_design: { value: 3.2, unit: 'ms' as const }, sustained: null, misses: [], reasons: [] };
    expect(degradedText(degraded)).toBe('one RAC node down: Holds, response 3.2 ms');
  });
});

describe('the design a candidate creates', () => {
  it('drops the platform’s null fields', () => {
    const platform = platformWithoutNulls(candidate.platform);
    expect(platform).not.toHaveProperty('drives_per_enclosure');
    expect(platform).not.toHaveProperty('dedup_ratio');
    expect(platform).toMatchObject({ family: 'xtremio', storage_model: 'X-Brick', rac_nodes: 1, arrays: 2, raid: 'xdp', pam: false });
  });

  it('carries the label as its name, the request’s workload, the team and the price book', () => {
    const workload = { kind: 'oltp', target_tps: 30000, sla_response_ms: 20 };
    const body = createDesignBody(candidate, workload, 3, 7);
    expect(body).toEqual({ name: candidate.label, team: 3, workload, platform: platformWithoutNulls(candidate.platform), price_book: 7 });
    expect(createDesignBody({ ...candidate, label: 'x'.repeat(300) }, workload, null, null).name).toHaveLength(200);
  });
});
