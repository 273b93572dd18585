import { describe, expect, it } from 'vitest';
import { databaseFigures, designBodyFor, messageOf, platformWithoutNulls, signedQuantity } from './candidate-row';
import { candidate, consolidatedCandidate, consolidatedRecommendation, recommendation } from './fixture';

describe('a consolidated candidate’s databases', () => {
  it('shows each database’s verdict, throughput, response and change against alone', () => {
    const [orders, warehouse] = consolidatedCandidate.databases.map(databaseFigures);
    expect(orders).toMatchObject({ name: 'Orders', verdict: 'Holds', tone: 'ok', throughput: '60,000 TPS', response: '1.8 ms', change: '+0.52 ms against alone' });
    expect(warehouse).toMatchObject({ name: 'Warehouse', tone: 'warn', throughput: '2,000 MB/s', response: '', change: '' });
    expect(databaseFigures({ ...consolidatedCandidate.databases[1]!, verdict: null }).verdict).toBe('Not evaluated');
    expect(signedQuantity({ value: -0.3, unit: 'ms' })).toBe('−0.3 ms');
  });

  it('names the databases in the message unless it already does', () => {
    expect(messageOf(consolidatedRecommendation)).toBe('1 configuration carries the databases together. Databases, in priority order: Orders, Warehouse.');
    expect(messageOf({ ...consolidatedRecommendation, message: 'Nothing carries Orders and Warehouse together.' })).toBe('Nothing carries Orders and Warehouse together.');
    expect(messageOf(recommendation)).toBe(recommendation.message);
  });

  it('a design created from it gets the databases asked for (its workload is the first one’s)', () => {
    const databases = [
      { name: 'Orders', workload: { kind: 'oltp', target_tps: 60000 } },
      { name: 'Warehouse', workload: { kind: 'dss', target_throughput_mb_s: 2000 }, priority: 2 },
    ];
    const body = designBodyFor(candidate, { databases, clone_reduction_ratio: 3, resilience: 'none', price_book: 7 }, 1);
    expect(body).toEqual({ name: candidate.label, team: 1, databases, clone_reduction_ratio: 3, platform: platformWithoutNulls(candidate.platform), price_book: 7 });
    expect(designBodyFor(candidate, { workload: { kind: 'oltp', users: 9 }, resilience: 'none' }, null)).toMatchObject({ workload: { kind: 'oltp', users: 9 }, price_book: null });
  });
});
