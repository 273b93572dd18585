/** Shapes of the designs API: aliases of the generated OpenAPI types (src/lib/api-schema.d.ts), plus the
 * design inputs (typed by the input contract) and a few SPA-side shapes. */
import type { Quantity } from '../../../components/format';
import type * as z from 'zod/mini';
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

/** An API shape whose engine-owned documents (workload, platform) are typed as the SPA reads them:
 * by the input contract, lenient for designs saved before a field existed (WorkloadInput). */
export type WithInputs<T> = Omit<T, 'workload' | 'platform' | 'databases'> & { workload: WorkloadInput; platform: PlatformInput } & DatabasesOf<T>;

/** A database of a design of several (issue 40), its workload typed as a design's (WorkloadInput). */
// Beside its name and workload a database's inputs have published defaults, which the generated type
// makes required; a design stores them only as sent.
export type DatabaseOf<D> = Partial<Omit<D, 'workload' | 'name'>> & Pick<D, Extract<keyof D, 'name'>> & { workload: WorkloadInput };
/** The databases of an API shape that has them (required or optional as the shape says). */
type DatabasesOf<T> = 'databases' extends keyof T
  ? T extends { databases: (infer D)[] }
    ? { databases: DatabaseOf<D>[] }
    : T extends { databases?: (infer D)[] }
      ? { databases?: DatabaseOf<D>[] }
      : unknown
  : unknown;
/** What the editor sends for one database (POST /evaluate/, PATCH /designs/{id}/). */
export type DatabaseInput = DatabaseOf<Schemas['DatabaseRequest']>;

export type Design = WithInputs<Schemas['Design']>;
/** A row of GET /designs/: what the list shows (no workload, pins or overrides) plus the headline of
 * the latest saved revision (verdict, throughput, cost). */
export type DesignListItem = Omit<Schemas['DesignListItem'], 'platform'> & { platform: PlatformInput };
export type DesignHeadline = Schemas['DesignHeadline'];
export type DesignPage = Omit<Schemas['PaginatedDesignListItemList'], 'results'> & { results: DesignListItem[] };
/** A row of the caller's trash: a design plus deleted_at, deleted_by and purge_after. */
export type TrashedDesign = WithInputs<Schemas['TrashedDesign']>;
export type TrashPage = Omit<Schemas['PaginatedTrashedDesignList'], 'results'> & { results: TrashedDesign[] };

/** POST /designs/ (the create body). */
export type NewDesign = WithInputs<Schemas['DesignInputRequest']>;
/** PATCH /designs/{id}/: content fields plus the revision summary the author typed. */
export type DesignPatch = Omit<Schemas['PatchedDesignInputRequest'], 'workload' | 'platform'> &
  Partial<Pick<Design, 'workload' | 'platform'>>;
/** POST /evaluate/. */
export type EvaluateRequest = WithInputs<Schemas['EvaluateInputRequest']>;

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

/** A catalog reference configuration; its platform inputs typed as a design's (PlatformInput). */
export type ReferenceDesign = Omit<Schemas['ReferenceDesign'], 'platform_inputs'> & { platform_inputs: PlatformInput };

export type Revision = Schemas['DesignRevision'];
export type RevisionPage = Schemas['PaginatedDesignRevisionList'];

export type ShareLink = Schemas['ShareLink'];

/** The team's own evidence a design may name (issue 38): a row of GET /imports/evidence/. */
export type EvidenceImportItem = Schemas['EvidenceImportListItem'];
export type EvidenceImportPage = Schemas['PaginatedEvidenceImportListItemList'];
/** An evaluation's before and after on the team's evidence (present only for a design that names imports). */
export type EvidenceOverlay = Schemas['EvidenceOverlay'];
export type OverlayHeadline = Schemas['OverlayHeadline'];
export type OverlayDifference = Schemas['OverlayDifference'];
export type OverlayImport = Schemas['OverlayImport'];
export type OverlayPoint = Schemas['OverlayPoint'];

export type Team = Schemas['Team'];
export type TeamPage = Schemas['PaginatedTeamList'];

export type PriceBook = Schemas['PriceBook'];
export type PriceBookPage = Schemas['PaginatedPriceBookList'];
/** GET /price-books/default/: the book a new design starts with and what the page says about it. */
export type DefaultPriceBook = Schemas['DefaultPriceBook'];

/** GET /shared/{token}/: what a read-only link shows. */
export type SharedDesign = Omit<Schemas['SharedDesignResponse'], 'design'> & { design: WithInputs<Schemas['SharedDesign']> };

/** The part of a benchmark curve the load-response chart reads (GET /curves/). */
// Its storage model and workload (tool, arrays, RAID, nodes, ASM volumes) say whose runs its points are.
export type MeasuredCurve = Pick<
  Schemas['BenchmarkCurve'],
  'slug' | 'configuration' | 'storage_model' | 'tool' | 'arrays' | 'raid' | 'rac_nodes' | 'asm_volumes' | 'source_document' | 'points'
>;
export type MeasuredCurvePage = Omit<Schemas['PaginatedBenchmarkCurveList'], 'results'> & { results: MeasuredCurve[] };
