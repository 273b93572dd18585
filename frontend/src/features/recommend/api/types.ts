/** Shapes of POST /api/v1/recommend/: aliases of the generated OpenAPI types (src/lib/api-schema.d.ts). */
import type { components } from '../../../lib/api-schema';

type Schemas = components['schemas'];

/** The engine's recommendation, with the price book the service priced it with. */
export type Recommendation = Schemas['EngineRecommendation'];
export type Candidate = Schemas['EngineCandidate'];
export type Miss = Schemas['EngineMiss'];
export type Cost = Schemas['EngineCost'];
export type Degraded = Schemas['EngineDegraded'];
export type Smaller = Schemas['EngineSmaller'];
export type Verdict = Candidate['verdict'];
export type Resilience = Schemas['ResilienceEnum'];
export type Family = Schemas['FamilyEnum'];
/** One database of a consolidated candidate: its verdict, throughput and response beside the others. */
export type CandidateDatabase = Schemas['EngineCandidateDatabase'];

/** What is searched and how it is ranked, whatever is carried. */
type Scope = Omit<Schemas['RecommendInputRequest'], 'workload' | 'databases' | 'clone_reduction_ratio' | 'limit'> & { limit?: number };

/** Today's request: one workload. */
export type WorkloadRecommendRequest = Scope & { workload: Record<string, unknown>; databases?: never; clone_reduction_ratio?: never };

type DatabaseRequest = Schemas['DatabaseRequest'];

/**
 * A database of a request of several (issue 40), as a design's databases are sent: its workload is the
 * object the single request sends as `workload`; the inputs left out take the API's defaults.
 */
export type RecommendDatabase = Pick<DatabaseRequest, 'name'> &
  Partial<Pick<DatabaseRequest, 'clones' | 'clone_load_pct' | 'priority' | 'paused'>> & { workload: Record<string, unknown> };

/** Several databases carried together: the response is `kind: "consolidated"`, each candidate's `databases` filled. */
export type DatabasesRecommendRequest = Scope & {
  databases: RecommendDatabase[];
  clone_reduction_ratio?: Schemas['RecommendInputRequest']['clone_reduction_ratio'];
  workload?: never;
};

/** POST /recommend/ takes either `workload` or `databases`. */
export type RecommendRequest = WorkloadRecommendRequest | DatabasesRecommendRequest;
export type PriceBookPage = Schemas['PaginatedPriceBookList'];
export type TeamPage = Schemas['PaginatedTeamList'];
export type CreatedDesign = Schemas['Design'];
