/** Shapes of the designs API (backend/designs/serializers.py, designs/evaluation.py, sizing/api.py). */
import type { Quantity } from '../../../components/format';
import type * as z from 'zod';
import type { components } from '../../../lib/api-schema';
import type { zDesignInputsRequest } from '../../../lib/api-zod';

type Schemas = components['schemas'];

export type { Quantity };

export interface RuleRef {
  slug: string;
  version: number;
  source: string;
  from_catalog?: boolean;
}

/**
 * A design's inputs as the published contract declares them (the evaluate request's workload and
 * platform in backend/openapi.yaml, through src/lib/api-zod.ts), plus inputs the SPA carries through
 * without showing them. Workload fields are all optional here: a design saved before a field (or
 * `kind`) existed leaves it out, and the form fills the contract's default.
 */
export type WorkloadInput = Partial<DesignInputs['workload']> & Record<string, unknown>;
export type PlatformInput = DesignInputs['platform'] & Record<string, unknown>;
type DesignInputs = z.input<typeof zDesignInputsRequest>;

export interface Design {
  id: number;
  name: string;
  customer: string;
  description: string;
  owner: { id: number; username: string };
  team: { id: number; name: string; slug: string } | null;
  visibility: 'private' | 'team';
  status: 'draft' | 'proposed' | 'approved';
  workload: WorkloadInput;
  platform: PlatformInput;
  reference_configuration: string | null;
  price_book: { id: number; name: string; version: number; currency: string } | null;
  version: number;
  etag: string;
  revision: number | null;
  my_role: 'owner' | 'editor' | 'viewer' | null;
  created: string;
  updated: string;
}

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

export interface BalancePoint {
  users: number;
  tps: number;
  cpu_utilisation_pct: number;
  read_latency_ms: number;
}

export interface BalanceSection {
  points: BalancePoint[];
  at_sla: BalancePoint;
  zones: {
    cpu_stress: Quantity;
    cpu_limit: Quantity;
    read_latency_stress: Quantity;
    read_latency_limit: Quantity;
    rules: RuleRef[];
  };
  classification: string;
}

export interface MeasuredPoint {
  tps: number;
  response_ms: number;
  users?: number;
  source?: string;
}

export interface ProjectionSeries {
  rac_nodes: number;
  points: { users: number; tps: number; response_ms: number }[];
  max_sustained_tps: Quantity;
  users_at_max: Quantity;
  bottleneck: string;
  /** Measured points from the evidence for this node count, where the API returns them. */
  measured?: MeasuredPoint[];
}

export interface CapacitySection {
  elements: { element: string; label: string; size: Quantity }[];
  total: Quantity;
  after_data_reduction: Quantity;
  usable: Quantity;
  raw: Quantity;
  raid: string;
  raid_efficiency: Quantity;
  fits: boolean;
  rule: RuleRef | null;
  hardware_source?: string;
}

export interface Station {
  name: string;
  servers: Quantity;
  demand: Quantity;
  utilisation_at_design: Quantity;
  residence_at_design: Quantity;
  utilisation_at_sla: Quantity;
  residence_at_sla: Quantity;
}

export interface EngineWarning {
  code: string;
  severity: 'info' | 'warning' | 'critical' | string;
  message: string;
  rule: RuleRef | null;
}

export interface Assumption {
  key: string;
  text: string;
  source: string;
  value: Quantity | null;
}

export interface EngineEvaluation {
  kind: 'oltp' | 'dss';
  verdict: 'holds' | 'does-not-hold' | string;
  summary: {
    users?: Quantity;
    design_tps?: Quantity;
    max_sustained_tps?: Quantity;
    users_at_max?: Quantity;
    sla_response?: Quantity;
    response_at_design?: Quantity;
    headroom_pct?: Quantity;
    bottleneck?: string;
    balance?: string;
    target_throughput?: Quantity;
    sustained_throughput?: Quantity;
  };
  demand?: { iops_model?: Quantity; tps?: Quantity; ios_per_transaction?: Quantity; think_time?: Quantity };
  storage?: { iops_capacity?: Quantity; tps_capacity?: Quantity; throughput_capacity?: Quantity; basis?: string; sources?: string[] };
  /** DSS: how the sustained throughput divides between the concurrent query streams. */
  streams?: { query_streams: Quantity; per_stream: Quantity; full_scan_time_per_stream: Quantity };
  performance?: { stations: Station[] };
  balance?: BalanceSection;
  projection?: { sla: Quantity; series: ProjectionSeries[] };
  capacity?: CapacitySection;
  growth?: {
    horizon?: Quantity;
    data_growth_per_year?: Quantity;
    user_growth_per_year?: Quantity;
    years_until_capacity_full?: Quantity | null;
    /** Before the engine gave quantities (kept for designs evaluated by an older engine). */
    horizon_years?: number;
    data_growth_pct_per_year?: number;
  };
  warnings: EngineWarning[];
  extrapolated?: boolean;
  extrapolation?: { field?: string; note?: string; [key: string]: unknown }[];
  assumptions: Assumption[];
}

/** The priced bill of materials, as the schema documents it (designs.serializers.PricedBomSerializer). */
export type BomLine = Schemas['BomLineOut'];
export type PricedBom = Schemas['PricedBom'];

export interface EvaluationPayload {
  evaluation: EngineEvaluation;
  bom: PricedBom;
  assumptions: Assumption[];
  reference_configuration: string | null;
  revision?: number | null;
}

export interface ReferenceDesign {
  slug: string;
  name: string;
  platform: string;
  description: string;
  document: string | null;
  source_locator: string;
  platform_inputs: PlatformInput;
}

export interface Revision {
  number: number;
  author: { id: number; username: string } | null;
  created: string;
  summary: string;
  changes: { field: string; before: unknown; after: unknown }[];
  restored_from: number | null;
}

export interface ShareLink {
  token: string;
  url: string;
  created: string;
  revoked_at: string | null;
}

export interface Team {
  id: number;
  name: string;
  slug: string;
  role: string;
}
