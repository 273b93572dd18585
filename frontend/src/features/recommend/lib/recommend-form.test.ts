import { describe, expect, it } from 'vitest';
import { recommendHref, workloadFromSearch } from '../../../lib/recommend-link';
import { EMPTY_FORM, formFromWorkload, otherErrors, toRequest, validateRequest } from './recommend-form';
import { fieldErrors, visibleFields } from './workload-form';

describe('the recommend form', () => {
  it('sends the typed OLTP fields, leaving empty ones to the API’s defaults', () => {
    const form = { ...EMPTY_FORM, targetTps: '30000', slaResponseMs: '20', databaseSizeGb: '' };
    expect(toRequest(form)).toEqual({
      workload: { kind: 'oltp', target_tps: 30000, sla_response_ms: 20 },
      resilience: 'none',
      families: [],
      price_book: null,
    });
  });

  it('sends users instead of TPS when the load is given as users, and DSS fields for DSS', () => {
    expect(toRequest({ ...EMPTY_FORM, loadBy: 'users', users: '500', targetTps: '9' }).workload).toEqual({ kind: 'oltp', users: 500 });
    expect(visibleFields({ ...EMPTY_FORM, kind: 'dss' })).toContain('targetThroughputMbS');
    expect(toRequest({ ...EMPTY_FORM, kind: 'dss', targetThroughputMbS: '1500', targetTps: '9', priceBook: '4' })).toMatchObject({
      workload: { kind: 'dss', target_throughput_mb_s: 1500 },
      price_book: 4,
    });
  });

  it('fills from a design’s workload and keeps the inputs it does not show', () => {
    const form = formFromWorkload({ kind: 'oltp', users: 140, sla_response_ms: 50, think_time_s: 0.1, profile: 'tpcc', include_backup_overhead: true });
    expect(form.loadBy).toBe('users');
    expect(form.users).toBe('140');
    expect(toRequest(form).workload).toEqual({ kind: 'oltp', users: 140, sla_response_ms: 50, think_time_s: 0.1, profile: 'tpcc', include_backup_overhead: true });
  });

  it('round-trips a workload through the URL', () => {
    const workload = { kind: 'oltp', target_tps: 30000 };
    const href = recommendHref(workload);
    expect(href.startsWith('/recommend?workload=')).toBe(true);
    expect(workloadFromSearch(new URLSearchParams(href.split('?')[1]))).toEqual(workload);
    expect(workloadFromSearch(new URLSearchParams('workload=not-json'))).toBeNull();
  });

  it('checks the request against the published contract, by the API’s dotted paths', () => {
    expect(validateRequest(toRequest({ ...EMPTY_FORM, targetTps: '30000' }))).toEqual({});
    const errors = validateRequest(toRequest({ ...EMPTY_FORM, targetTps: '30000', maxCpuPct: '150' }));
    expect(Object.keys(errors)).toEqual(['workload.max_cpu_pct']);
    // A bound in words, as the API says it.
    expect(errors['workload.max_cpu_pct']?.[0]).toMatch(/^must be (at most|less than) \d+$/);
  });

  it('files the API’s "give either users or target_tps" next to the load field shown', () => {
    expect(fieldErrors({ 'workload.users': ['give either users or target_tps (exactly one)'] }, 'targetTps')).toEqual(['give either users or target_tps (exactly one)']);
    expect(otherErrors({ 'workload.users': ['give either'] }, EMPTY_FORM)).toEqual([]);
  });

  it('lists the errors no shown field takes', () => {
    expect(otherErrors({ 'workload.target_tps': ['bad'], 'workload.non_field_errors': ['give users or target_tps'], 'workload.profile': ['no'] }, EMPTY_FORM)).toEqual([
      'give users or target_tps',
      'workload.profile: no',
    ]);
  });
});
