/** A candidate as POST /recommend/ answers (OLTP 30,000 TPS at 20 ms, ranked by size), for the tests. */
import type { Candidate, Recommendation } from '../api/types';

export const candidate: Candidate = {
  rank: 1,
  key: 'xtremio/X-Brick/xdp//0/1/2',
  label: 'EMC XtremIO two-X-Brick cluster: 1 RAC node, 2 X-Bricks',
  configuration: 'X-Brick, XDP',
  reference: 'xtremio-two-xbrick-cluster',
  family: 'xtremio',
  family_label: 'EMC XtremIO',
  platform: {
    family: 'xtremio',
    storage_model: 'X-Brick',
    rac_nodes: 1,
    cores_per_node: 8,
    memory_gb_per_node: 512,
    arrays: 2,
    drives_per_enclosure: null,
    raid: 'xdp',
    asm_volumes: 4,
    pam: false,
    thin_provisioning: false,
    dedup_ratio: null,
    reference: 'xtremio-two-xbrick-cluster',
  },
  rac_nodes: 1,
  units: 2,
  unit_word: 'X-Brick',
  verdict: 'holds',
  months_until_missed: null,
  first_missed: null,
  bottleneck: 'storage',
  headroom_pct: { value: 53.85, unit: '%' },
  sustained: { value: 46156, unit: 'TPS' },
  response_at_design: { value: 1.273, unit: 'ms' },
  cpu_at_design: { value: 56.88, unit: '%' },
  storage_latency_at_design: { value: 1.098, unit: 'ms' },
  misses: [],
  reasons: [],
  cost: { amount: null, currency: null, unpriced_lines: [], note: 'No price book chosen: ranked by size' },
  degraded: null,
  smaller: [
    {
      change: 'one X-Brick fewer',
      rac_nodes: 1,
      units: 1,
      verdict: 'does-not-hold',
      misses: [{ target: 'sla', label: 'Load within the SLA response', value: { value: 30000, unit: 'TPS' }, limit: { value: 23078, unit: 'TPS' } }],
      reasons: ['design load 30,000.0 TPS exceeds the 23,077.7 TPS sustained within 20 ms'],
    },
  ],
  outside_measured: [],
  pareto: true,
  databases: [],
};

export const recommendation: Recommendation = {
  kind: 'oltp',
  resilience: 'none',
  resilience_label: 'No failure tolerated: every RAC node and storage unit up',
  ranking: 'size',
  currency: null,
  holds: true,
  message: '1 configuration carries the workload',
  candidates: [candidate, { ...candidate, key: 'b', rank: 2, rac_nodes: 2, units: 2, headroom_pct: { value: 60, unit: '%' }, pareto: false }],
  references: [],
  closest: [],
  searched: { configurations: 21, candidates: 5376, screened_out: 4096, full_evaluations: 25 },
  databases: [],
  price_book: null,
};

const q = <U extends Candidate['sustained']['unit']>(value: number, unit: U) => ({ value, unit });

/**
 * Two databases carried together on the same X-Brick pair, as POST /recommend/ with `databases` answers
 * (figures plausible, not measured): the OLTP one's response beside the DSS scan, and the scan's MB/s.
 */
export const consolidatedCandidate: Candidate = {
  ...candidate,
  databases: [
    {
      name: 'Orders',
      kind: 'oltp',
      verdict: 'holds',
      throughput: q(60000, 'TPS'),
      response: q(1.8, 'ms'),
      response_change: q(0.52, 'ms'),
      statement: 'holds beside the other databases: 1.8 ms response (+0.52 ms against 1.28 ms alone)',
    },
    { name: 'Warehouse', kind: 'dss', verdict: 'holds-until', throughput: q(2000, 'MB/s'), response: null, response_change: null, statement: '' },
  ],
};

export const consolidatedRecommendation: Recommendation = {
  ...recommendation,
  kind: 'consolidated',
  message: '1 configuration carries the databases together',
  candidates: [consolidatedCandidate],
  databases: ['Orders', 'Warehouse'],
};
