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
export type RecommendRequest = Omit<Schemas['RecommendInputRequest'], 'workload' | 'limit'> & {
  workload: Record<string, unknown>;
  limit?: number;
};
export type PriceBookPage = Schemas['PaginatedPriceBookList'];
export type TeamPage = Schemas['PaginatedTeamList'];
export type CreatedDesign = Schemas['Design'];
