import { describe, expect, it } from 'vitest';
import { buildBalanceChart } from './balance-chart';
import { buildCapacityChart } from './capacity-chart';
import { balanceSummary, capacitySummary, loadResponseSummary, throughputSummary } from './chart-summaries';
import { quarterRack } from './fixture';
import { buildLoadResponseChart, buildThroughputChart, designLoadOf } from './load-response-chart';

// The accessible names of the result charts (issue 15): each says what its chart finds, with the numbers.
describe('chart summaries', () => {
  const evaluation = quarterRack().evaluation;

  it('balance: the design point, the SLA point, the classification and the zones', () => {
    const model = buildBalanceChart(evaluation.balance!, evaluation);
    expect(balanceSummary(model, 'balanced')).toBe(
      'Balance chart, server CPU utilisation against storage read latency: the design load runs at CPU 33.4% and 0.61 ms ' +
        'read latency; at the SLA load CPU 99.2% and 0.857 ms. Classification: balanced. ' +
        'Amber from CPU 70% or 1.5 ms, red beyond CPU 80% or 2 ms.',
    );
    expect(balanceSummary({ ...model, operating: null }, 'balanced')).toContain('no design load is marked');
  });

  it('load-response: the node counts, the maximum TPS within the SLA and the design load', () => {
    const model = buildLoadResponseChart(evaluation.projection, 2, designLoadOf(evaluation));
    const text = loadResponseSummary(model, 2);
    // The FS1-2 quarter rack's rated point (oracle-fs1-2016, Table 1): 25,800 TPS at 20 ms on 2 nodes.
    expect(text).toBe('Response time against TPS for 1 to 4 RAC nodes: 2 RAC nodes sustain 25,800 TPS within the 20 ms SLA; the design load is 8,700 TPS at 14.9 ms.');
    expect(loadResponseSummary(buildLoadResponseChart(evaluation.projection, 1), 1)).toMatch(/1 RAC node sustains [\d,]+ TPS/);
    expect(loadResponseSummary(buildLoadResponseChart(evaluation.projection, 99), 99)).toContain('no line for 99 RAC nodes');
    // A design load beyond the maximum: said, not drawn.
    const beyond = "30,000 TPS is 16% beyond this configuration's maximum (25,800 TPS)";
    expect(loadResponseSummary(buildLoadResponseChart(evaluation.projection, 2), 2, beyond)).toBe(
      `Response time against TPS for 1 to 4 RAC nodes: 2 RAC nodes sustain 25,800 TPS within the 20 ms SLA; the design load, ${beyond}, is not drawn.`,
    );
  });

  it('throughput: where the chosen node count reaches its SLA', () => {
    const model = buildThroughputChart(evaluation.projection, 2);
    expect(throughputSummary(model, 2)).toMatch(/2 RAC nodes reach the SLA at [\d,]+ users and [\d,]+ TPS\.$/);
  });

  it('capacity: today, the end of the horizon and when it is full', () => {
    const capacity = evaluation.capacity!;
    expect(capacitySummary(buildCapacityChart(capacity, 0, 3), 0)).toBe(
      'Capacity needed against 20.8 TB usable: 0.435 TB today, 0.435 TB in year 3 at 0% a year; it fits over the whole horizon.',
    );
    // Growing 400 % a year, the quarter rack's 0.435 TB outgrow its 20.8 TB in the third year.
    const growing = buildCapacityChart(capacity, 400, 3);
    expect(capacitySummary(growing, 400)).toMatch(/; full in year 3\.$/);
    expect(capacitySummary(buildCapacityChart(capacity, 0, 0), 0)).toBe('Capacity needed against 20.8 TB usable: 0.435 TB today; it fits over the whole horizon.');
  });
});
