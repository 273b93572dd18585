import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { Design, EvaluateRequest, EvaluationPayload } from './types';

export type { EvaluateRequest } from './types';

export const evaluateDesign = (body: EvaluateRequest, signal?: AbortSignal): Promise<EvaluationPayload> =>
  apiFetch<EvaluationPayload>('/api/v1/evaluate/', { method: 'POST', body, signal });

/** The evaluation of a saved design as it is saved: what the editor asks while its form is untouched.
 * Built from the design alone (no form code), so the route's preload can ask for it the moment the
 * design arrives (preload-editor.ts). */
export function savedDesignRequest(design: Design): EvaluateRequest {
  return {
    workload: design.workload,
    platform: design.platform,
    reference_configuration: design.reference_configuration,
    price_book: design.price_book?.id ?? null,
    // its BOM overrides too: the cost shown for a saved design is the cost of what it orders
    bom_overrides: design.bom_overrides,
    // its databases too (issue 40): a design of several is evaluated as all of them together
    ...(design.databases?.length ? { databases: design.databases, clone_reduction_ratio: design.clone_reduction_ratio } : {}),
    // its team's evidence imports too (issue 38): evaluated on them as saved; none named sends neither field
    ...(design.evidence_imports?.length
      ? {
          ...(design.team ? { team: design.team.id } : {}),
          evidence_imports: design.evidence_imports,
          calibrate_on_evidence: design.calibrate_on_evidence,
        }
      : {}),
  };
}

/** POST /evaluate/ as a cached query keyed by the inputs; the previous result stays on screen
 * (marked stale by the caller) while the next one loads. */
export const evaluationQueryOptions = (body: EvaluateRequest | null) =>
  queryOptions({
    queryKey: ['evaluate', body] as const,
    queryFn: ({ signal }) => evaluateDesign(body as EvaluateRequest, signal),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
    retry: false,
  });

export const useEvaluation = (body: EvaluateRequest | null) => useQuery(evaluationQueryOptions(body));
