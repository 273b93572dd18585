/** GET /api/v1/designs/compare/?ids= (backend/designs/compare.py). */
import type { Quantity } from '../../../components/format';

export interface CompareColumn {
  id: number;
  name: string;
  revision: number | null;
  kind: 'oltp' | 'dss' | null;
  verdict: string | null;
  tps_at_sla: Quantity | null;
  /** OLTP: the response-time SLA the TPS is sustained within. */
  sla_response: Quantity | null;
  sustained_throughput: Quantity | null;
  headroom_pct: Quantity | null;
  bottleneck: string | null;
  capacity: { total: Quantity; usable: Quantity; after_data_reduction?: Quantity; fits: boolean; raid?: string } | null;
  warnings: number;
  critical_warnings: number;
  cost: { currency: string | null; total: string | null; complete: boolean; unpriced_lines: number };
}

export interface BomDifference {
  section: string;
  part_number: string;
  description: string;
  quantities: Record<string, number>;
}

export interface Comparison {
  designs: CompareColumn[];
  bom_differences: BomDifference[];
  bom_lines_in_common: number;
}

export interface DesignOption {
  id: number;
  name: string;
  customer: string;
  platform: { family: string; storage_model: string; rac_nodes?: number; arrays?: number };
  owner: { username: string };
}
