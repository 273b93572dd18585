import { describe, expect, it } from 'vitest';
import { balanceDatasets, buildBalanceChart } from './balance-chart';
import { aloneDatasets, databaseMarkers, withDatabaseMarkers } from './balance-markers';
import type { Consolidation } from './consolidation';
import { quarterRack } from './fixture';

const q = (value: number, unit: string) => ({ value, unit }) as Consolidation['balance'][number]['cpu_pct'];
const marker = (database: string, cpu: number, latency: number) => ({ database, cpu_pct: q(cpu, '%'), storage_latency_ms: q(latency, 'ms') });

describe("the balance chart's databases", () => {
  it('none for a design of one database (or without a consolidation): the single design point stays', () => {
    expect(databaseMarkers(null)).toEqual([]);
    expect(databaseMarkers({ balance: [marker('Orders', 40, 0.6)] })).toEqual([]);
    const evaluation = quarterRack().evaluation;
    const model = buildBalanceChart(evaluation.balance!, evaluation, 'focused');
    expect(withDatabaseMarkers(model, [])).toBe(model);
  });

  it('one marker per database, each a look of its own; the axes reach every one of them', () => {
    const markers = databaseMarkers({ balance: [marker('Orders', 104, 0.9), marker('Billing', 104, 6.2)] });
    expect(markers.map((m) => [m.database, m.point])).toEqual([
      ['Orders', { x: 104, y: 0.9 }],
      ['Billing', { x: 104, y: 6.2 }],
    ]);
    expect(markers[0]?.pointStyle).not.toBe(markers[1]?.pointStyle);
    const evaluation = quarterRack().evaluation;
    const model = withDatabaseMarkers(buildBalanceChart(evaluation.balance!, evaluation, 'full'), markers);
    expect(model.operating).toBeNull();
    expect(model.latencyInterval).toBeNull();
    expect(model.xMax).toBe(104);
    expect(model.yMax).toBeGreaterThan(6.2);
  });

  it("names the curve and the SLA marker the design's first database alone", () => {
    const evaluation = quarterRack().evaluation;
    const model = buildBalanceChart(evaluation.balance!, evaluation);
    const labels = aloneDatasets(balanceDatasets({ ...model, operating: null, latencyInterval: null })).map((d) => d.label);
    expect(labels).toEqual(['Latency band, lower edge', 'Latency band, upper edge', 'First database alone, as load grows', 'First database alone at the SLA limit']);
  });
});
