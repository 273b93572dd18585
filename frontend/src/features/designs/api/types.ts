/** Shapes of the designs API: aliases of the generated OpenAPI types (src/lib/api-schema.d.ts), plus the
 * design inputs (typed by the input contract) and a few SPA-side shapes. */
import type { Quantity } from '../../../components/format';
import type * as z from 'zod';
import type { components } from '../../../lib/api-schema';
import type { zEvaluateInputRequest } from '../../../lib/api-zod';

type Schemas = components['schemas'];

export type { Quantity };

/** A sizing rule a figure or a warning comes from (sizing.notes.RuleRef). */
export type RuleRef = Schemas['EngineRuleRef'];

/**
 * A design's inputs as the published contract declares them (the evaluate request's workload and
 * platform in backend/openapi.yaml, through src/lib/api-zod.ts), plus inputs the SPA carries through
 * without showing them. Workload fields are all optional here: a design saved before a field (or
 * `kind`) existed leaves it out, and the form fills the contract's default.
 */
export type WorkloadInput = Partial<DesignInputs['workload']> & Record<string, unknown>;
export type PlatformInput = DesignInputs['platform'] & Record<string, unknown>;
type DesignInputs = z.input<typeof zEvaluateInputRequest>;

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

// The engine's evaluation, as the API publishes it (backend sizing/evaluation.py -> openapi.yaml).
export type EngineEvaluation = Schemas['EngineEvaluation'];
export type OltpEvaluation = Schemas['EngineOltpEvaluation'];
export type DssEvaluation = Schemas['EngineDssEvaluation'];
export type BalancePoint = Schemas['EngineBalancePoint'];
export type BalanceSection = Schemas['EngineBalance'];
export type CapacitySection = Schemas['EngineCapacity'];
export type Station = Schemas['EngineStation'];
export type EngineWarning = Schemas['EngineWarning'];
/** An assumption of the engine, or one the designs service adds (BOM reference, prices). */
export type Assumption = Schemas['EngineAssumption'] | Schemas['AssumptionOut'];

/** A measured point of the evidence drawn over a model curve (the SPA adds these; not in the API). */
export interface MeasuredPoint {
  tps: number;
  response_ms: number;
  users?: number;
  source?: string;
}

/** A load-response curve of the engine, with the measured points the SPA draws over it. */
export type ProjectionSeries = Schemas['EngineSeries'] & { measured?: MeasuredPoint[] };

/** The priced bill of materials, as the schema documents it (designs.serializers.PricedBomSerializer). */
export type BomLine = Schemas['BomLineOut'];
export type PricedBom = Schemas['PricedBom'];

/** What every evaluate endpoint answers: engine evaluation + priced BOM + assumptions. */
export type EvaluationPayload = Schemas['EvaluationResponse'];

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
