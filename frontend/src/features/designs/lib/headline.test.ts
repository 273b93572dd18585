import { describe, expect, it } from 'vitest';
import { MODEL_NAME_FLAG, bomSections, bomTotalText } from './bom';
import type { DssEvaluation, EvaluationPayload } from '../api/types';
import { bandView } from './bands';
import { equallogicPs6010xv, quarterRack } from './fixture';
import { bottleneckLabel, buildHeadlines, costPerThroughput, headroomTone, ruleId, ruleText, sortedWarnings, storageBasisWords, warningMessage } from './headline';

describe('headline numbers', () => {
  it('shows TPS at the SLA with its unit, headroom, bottleneck, IOPS and cost', () => {
    const headlines = buildHeadlines(quarterRack());
    const byKey = Object.fromEntries(headlines.map((h) => [h.key, h]));
    expect(byKey['tps-at-sla']).toMatchObject({ label: 'TPS at 20 ms', value: '25,800 TPS' });
    expect(byKey.headroom).toMatchObject({ value: '+210%', tone: 'ok' });
    expect(byKey.bottleneck?.value).toBe('Server CPU');
    expect(byKey.iops?.value).toBe('51,640 IOPS / 154,400 IOPS'); // 4 significant figures, as the proposal prints
    expect(byKey.iops?.detail).toContain('33%');
    expect(byKey.iops?.label).toBe('IOPS demand (queueing model) vs capacity'); // not the Dell rule's IOPS (issue 15, finding 3)
    expect(byKey.cost?.value).toBe('no price book');
  });

  it("gives the banded projections their interval from the family's held-out errors", () => {
    const payload = quarterRack();
    const byKey = Object.fromEntries(buildHeadlines(payload).map((h) => [h.key, h]));
    const [tps, response, latency] = payload.evaluation.bands;
    expect(byKey['tps-at-sla']?.band).toMatchObject({ text: `18,060–33,540 TPS (${bandView(tps!).halfWidth})`, basis: tps!.basis, widened: false });
    expect([tps!.low.value, tps!.high.value]).toEqual([18060, 33540]); // ±30 %: three held-out rows back no more (issue 37)
    expect(byKey.response).toMatchObject({ label: 'Response at the design load', value: '14.9 ms', detail: 'SLA 20 ms', band: { text: bandView(response!).text } });
    expect(response!.value.value).toBe(14.94);
    expect(byKey['storage-latency']).toMatchObject({ value: '0.61 ms', detail: 'at the design load; 0.857 ms at the SLA limit', band: { basis: latency!.basis } });
    // Figures the engine does not band carry none.
    expect(byKey['design-load']?.band).toBeUndefined();
    expect(byKey.headroom?.band).toBeUndefined();
  });

  it('shows the utilisations at the design load and the workload profile with its per-transaction demands', () => {
    const payload = quarterRack();
    const byKey = Object.fromEntries(buildHeadlines(payload).map((h) => [h.key, h]));
    expect(byKey.utilisation).toMatchObject({ value: 'CPU 33% · storage 33%', tone: 'neutral', detail: 'server CPU stress from 70%, limit 80%' });
    expect(byKey.profile).toMatchObject({ value: 'Swingbench OrderEntry (Oracle FS1-2 reference architecture)', detail: 'per transaction: 4.01 reads, 1.92 writes, 2.77 ms CPU; 68% reads' });
    payload.evaluation.demand = { ...payload.evaluation.demand, profile: '', profile_label: '' };
    expect(buildHeadlines(payload).find((h) => h.key === 'profile')?.value).toBe("The platform's own benchmark");
    payload.evaluation.demand = { ...payload.evaluation.demand, profile: 'slob', profile_label: '' };
    payload.evaluation.summary = { ...payload.evaluation.summary, cpu_utilisation_at_design: { value: 75, unit: '%' } };
    let next = Object.fromEntries(buildHeadlines(payload).map((h) => [h.key, h]));
    expect(next.profile?.value).toBe('slob');
    expect(next.utilisation?.tone).toBe('warn');
    payload.evaluation.demand = { ...payload.evaluation.demand, profile_label: 'SLOB (EMC XtremIO)' };
    payload.evaluation.summary = { ...payload.evaluation.summary, cpu_utilisation_at_design: { value: 100, unit: '%' } };
    next = Object.fromEntries(buildHeadlines(payload).map((h) => [h.key, h]));
    expect(next.profile?.value).toBe('SLOB (EMC XtremIO)');
    expect(next.utilisation?.tone).toBe('bad');
  });

  it('shows the priced total with its currency when a price book is chosen', () => {
    const payload = quarterRack();
    payload.bom = { ...payload.bom, price_book: { id: 1, name: 'List 2016', version: 2 }, currency: 'USD', total: '125000.5', unpriced_lines: 0 };
    // the API's cost per TPS held within the SLA: 125,000.50 / 25,800 = 4.84498 -> 4.84 (issue 15: cost per TPS on the headline)
    payload.cost_per_throughput = { ...payload.cost_per_throughput, amount: '4.84', currency: 'USD', unit: 'USD per TPS', note: '' };
    const cost = buildHeadlines(payload).find((h) => h.key === 'cost');
    expect(cost).toMatchObject({ value: '125,000.50 USD', detail: '4.84 USD per TPS at the 20 ms SLA; List 2016 v2' });
  });

  it('gives no cost per TPS without a complete price or a throughput, and per MB/s for DSS', () => {
    const payload = quarterRack();
    expect(payload.cost_per_throughput.note).toBe('No price book chosen'); // the real engine fixture, unpriced
    expect(costPerThroughput(payload)).toBeNull();
    payload.cost_per_throughput = { ...payload.cost_per_throughput, amount: null, currency: 'EUR', note: '2 BOM lines without a price: the cost is incomplete' };
    expect(costPerThroughput(payload)).toBeNull(); // an incomplete total would flatter the design
    payload.cost_per_throughput = { ...payload.cost_per_throughput, amount: '38.76', currency: 'EUR', unit: 'EUR per TPS', note: '' };
    expect(costPerThroughput(payload)).toBe('38.76 EUR per TPS at the 20 ms SLA'); // the API's Decimal, as given
  });

  it('agrees the words with a count of one (1 user, 1 line unpriced)', () => {
    const payload = quarterRack();
    payload.evaluation.summary = { ...payload.evaluation.summary, users: { value: 1, unit: 'users' }, users_at_max: { value: 1, unit: 'users' } };
    payload.bom = { ...payload.bom, price_book: { id: 1, name: 'List 2016', version: 2 }, currency: 'USD', total: '1.00', unpriced_lines: 1 };
    const byKey = Object.fromEntries(buildHeadlines(payload).map((h) => [h.key, h]));
    expect(byKey['tps-at-sla']?.detail).toBe('1 user at that point');
    expect(byKey['design-load']?.detail).toMatch(/^1 user, response/);
    expect(byKey.cost?.detail).toBe('List 2016 v2, 1 line unpriced');
  });

  it('shows a DSS design by throughput, per stream and full-scan time', () => {
    const oltp = quarterRack();
    const { engine_version, warnings, extrapolated, extrapolation, assumptions, rule_versions, capacity } = oltp.evaluation;
    const dss: DssEvaluation = {
      engine_version, warnings, extrapolated, extrapolation, assumptions, rule_versions, capacity,
      kind: 'dss',
      verdict: 'holds',
      bands: [
        {
          quantity: 'sustained_throughput',
          label: 'sustained scan throughput',
          value: { value: 1169, unit: 'MB/s' },
          low: { value: 1052, unit: 'MB/s' },
          high: { value: 1286, unit: 'MB/s' },
          half_width: { value: 10, unit: '%' },
          basis: 'worst absolute error of 4 held-out throughput rows of this family',
          widened: false,
        },
      ],
      inputs: {
        platform: oltp.evaluation.inputs.platform,
        workload: { kind: 'dss', target_throughput_mb_s: 1000, block_size_kb: 1024, io_pattern: 'random', query_streams: 4,
                    read_pct: 100, orion_mode: 'raid0', database_size_gb: 1000, min_headroom_pct: 0, data_growth_pct_per_year: 0, horizon_years: 3 },
      },
      summary: {
        target_throughput: { value: 1000, unit: 'MB/s' },
        sustained_throughput: { value: 1169, unit: 'MB/s' },
        headroom_pct: { value: 16.9, unit: '%' },
        storage_utilisation: { value: 85.5, unit: '%' },
        bottleneck: 'storage',
        limits: { bottleneck: 'storage', bottleneck_label: 'Storage', at_sla_point: null,
                  statement: 'Storage limits this design: it saturates first as the load grows.' },
        peak_throughput: null,
        cpu_utilisation_upper: null,
      },
      storage: { throughput_capacity: { value: 1169, unit: 'MB/s' }, basis: 'measured', sources: [], notes: [], database_capacity: null },
      streams: {
        query_streams: { value: 4, unit: 'count' },
        per_stream: { value: 292, unit: 'MB/s' },
        full_scan_time_per_stream: { value: 58.4, unit: 'min' },
        concurrent_readers: null,
        completion_time_estimate: null,
      },
      growth: { horizon: { value: 3, unit: 'years' }, data_growth_per_year: { value: 0, unit: '%' }, years_until_capacity_full: null },
      targets: {
        checks: [
          { target: 'throughput', label: 'Scan throughput', value: { value: 1169, unit: 'MB/s' }, limit: { value: 1000, unit: 'MB/s' },
            met: true, source: "the design's target", months_until_missed: null },
        ],
        horizon_months: 36,
        months_until_missed: null,
        first_missed: null,
      },
    };
    const payload: EvaluationPayload = { ...oltp, evaluation: dss };
    const byKey = Object.fromEntries(buildHeadlines(payload).map((h) => [h.key, h]));
    expect(byKey['tps-at-sla']).toBeUndefined();
    // "measured" names the figure that is the measured cell, never the target (issue 37 point 6)
    expect(byKey.throughput).toMatchObject({ value: '1,169 MB/s', detail: "target 1,000 MB/s; measured (the storage's ORION figure)", band: { text: '1,052–1,286 MB/s (±10%)' } });
    // with the query-stream model the sustained figure is the model's, on the storage's measured cell
    dss.storage = { ...dss.storage, throughput_capacity: { value: 1167, unit: 'MB/s' }, database_capacity: { value: 1350, unit: 'MB/s' } };
    const withQueries = Object.fromEntries(buildHeadlines({ ...oltp, evaluation: dss }).map((h) => [h.key, h]));
    expect(withQueries.throughput?.detail).toBe("target 1,000 MB/s; model of the query streams on the storage's 1,167 MB/s (measured)");
    expect(byKey['per-stream']).toMatchObject({ value: '292 MB/s', detail: '4 streams; a full scan takes 58.4 min' });
  });

  it("shows what limits the design in the engine's words (summary.limits), never a raw station or balance slug", () => {
    const payload = equallogicPs6010xv();
    expect(payload.evaluation.summary.bottleneck).toBe('storage_path');
    const tile = buildHeadlines(payload).find((h) => h.key === 'bottleneck');
    expect(tile).toMatchObject({
      value: 'Host I/O path to the arrays',
      detail: 'Host I/O path to the arrays is the bottleneck: it saturates first as the load grows, and it is the limit at the SLA point.',
    });
    expect(tile?.detail).not.toMatch(/storage_path|-bound/);
    // The tile reads the limits field, not its own map of the raw name.
    payload.evaluation.summary = {
      ...payload.evaluation.summary,
      limits: { bottleneck: 'storage_path', bottleneck_label: 'The host I/O path', at_sla_point: 'cpu', statement: 'The host I/O path limits; the CPU is in its zone at the SLA point.' },
    };
    expect(buildHeadlines(payload).find((h) => h.key === 'bottleneck')).toMatchObject({
      value: 'The host I/O path',
      detail: 'The host I/O path limits; the CPU is in its zone at the SLA point.',
    });
  });

  it('says a design load beyond the maximum is beyond it, by how much, and predicts no response at it', () => {
    const payload = quarterRack();
    payload.evaluation.summary = {
      ...payload.evaluation.summary,
      design_tps: { value: 30000, unit: 'TPS' },
      response_at_design: { value: 812.4, unit: 'ms' },
      design_load_reachable: false,
      design_load_beyond_max_pct: { value: 16.28, unit: '%' },
    };
    const byKey = Object.fromEntries(buildHeadlines(payload).map((h) => [h.key, h]));
    expect(byKey['design-load']).toMatchObject({
      value: '30,000 TPS',
      detail: "30,000 TPS is 16% beyond this configuration's maximum (25,800 TPS): no number of users reaches it",
      tone: 'bad',
    });
    expect(byKey.response).toMatchObject({ value: 'No prediction', text: true, tone: 'bad' });
    expect(byKey.response?.band).toBeUndefined();
    expect(JSON.stringify(byKey.response)).not.toContain('812');
    expect(byKey['storage-latency']).toMatchObject({ value: '0.857 ms' });
    expect(byKey['storage-latency']?.band).toBeUndefined();
    expect(byKey['storage-latency']?.detail).toMatch(/^at the SLA limit/);
  });

  it('grades headroom', () => {
    expect(headroomTone(-5)).toBe('bad');
    expect(headroomTone(10)).toBe('warn');
    expect(headroomTone(50)).toBe('ok');
    expect(bottleneckLabel('cpu')).toBe('Server CPU');
  });

  it('names the rule and source of each warning, critical first', () => {
    const raid = { slug: 'raid10-for-oltp', version: 1, source: 'dell-equallogic-oltp-2010, Best practices', from_catalog: true };
    const warnings = sortedWarnings([
      { code: 'raid-for-oltp', severity: 'warning', message: 'RAID50 for OLTP: RAID 10 is the recommended level', rule: raid },
      { code: 'sla-missed', severity: 'critical', message: 'design load exceeds the TPS sustained within 20 ms', rule: null },
    ]);
    expect(warnings.map((w) => w.severity)).toEqual(['critical', 'warning']);
    expect(ruleText(warnings[1]!.rule)).toBe('the Dell EqualLogic OLTP sizing study (2010), Best practices');
    expect(ruleId(warnings[1]!.rule)).toBe('raid10-for-oltp v1');
    expect(ruleId(null)).toBeUndefined();
    const limit = { slug: 'cpu-utilisation-limit', version: 1, source: 'oracle-fs1-2016, Balance Charts', from_catalog: true };
    const message = "CPU at the design load is 92%, above the catalog's cpu-utilisation-limit rule (75%)";
    expect(warningMessage({ code: 'cpu', severity: 'warning', message, rule: limit })).toBe(
      "CPU at the design load is 92%, above the catalog's rule (75%)",
    );
    expect(ruleText(null)).toBe("the sizing model's own check (no catalog rule)");
  });
});

describe('bill of materials', () => {
  it('groups lines by section and says "no price book" when unpriced', () => {
    const sections = bomSections(quarterRack().bom);
    // oracle-fs1-2016 Table 11, quarter rack, then the Oracle processor licences. Issue 15, finding 2:
    // no quantity total of unlike parts (it read "Servers 78"), a money total only.
    expect(sections.map((s) => [s.label, s.totalText])).toEqual([
      ['Servers', 'no price book'],
      ['Storage', 'no price book'],
      ['Network', 'no price book'], // the Brocade FC switches (Table 11 lists them under Miscellaneous)
      ['Software', 'no price book'],
    ]);
    const licences = sections.find((s) => s.section === 'software')!.lines;
    // 2 RAC nodes x 36 cores x core factor 0.5 = 36 processor licences, EE and RAC, each with support.
    expect(licences.map((l) => [l.part_number, l.quantity])).toEqual([
      ['DB EE Processor Perpetual', 36],
      ['DB EE Processor Support', 36],
      ['RAC Processor Perpetual', 36],
      ['RAC Processor Support', 36],
    ]);
    expect(sections.every((s) => !('quantity' in s))).toBe(true);
    expect(sections[0]!.lines[0]!.unitText).toBe('—');
    expect(bomTotalText(quarterRack().bom)).toBe('no price book');
  });

  it('flags a model designation standing in for a part number, from the line, not the family', () => {
    // Issue 15, finding 2: Dell lines carry model names (dell-equallogic-oltp-2010 Table 9 gives no
    // part number); Oracle's Table 11 numbers are orderable.
    const dell = bomSections(equallogicPs6010xv().bom).flatMap((s) => s.lines);
    const r710 = dell.find((l) => l.part_number === 'PowerEdge R710')!;
    expect(r710.partNumberNote).toBe(MODEL_NAME_FLAG);
    expect(MODEL_NAME_FLAG).toBe('model name, not a part number');
    const oracle = bomSections(quarterRack().bom).flatMap((s) => s.lines);
    expect(oracle.find((l) => l.part_number === '7110316')!.partNumberNote).toBe('');
  });

  it('formats prices as money strings and counts unpriced lines', () => {
    const bom = quarterRack().bom;
    bom.price_book = { id: 1, name: 'List', version: 1 };
    bom.currency = 'USD';
    bom.lines[0] = { ...bom.lines[0]!, unit_price: '21000.00', extended_price: '42000.00', priced: true };
    bom.sections[0] = { section: 'servers', total: '42000.00', unpriced_lines: 0 };
    bom.total = '42000.00';
    bom.unpriced_lines = 1;
    const sections = bomSections(bom);
    expect(sections[0]!.lines[0]!.extendedText).toBe('42,000.00 USD');
    expect(sections[1]!.lines[0]!.unitText).toBe('no price');
    expect(sections[1]!.totalText).toBe(`0.00 USD (+${bom.sections[1]!.unpriced_lines} unpriced)`);
    expect(bomTotalText(bom)).toBe('42,000.00 USD (excludes 1 unpriced lines)');
  });
});

describe('storageBasisWords', () => {
  it('says a derived storage figure is the model on measured cells, and keeps the other bases', () => {
    expect(storageBasisWords('derived')).toBe('model on measured cells');
    expect(storageBasisWords('measured')).toBe('measured');
    expect(storageBasisWords('extrapolated')).toBe('extrapolated');
  });
});
