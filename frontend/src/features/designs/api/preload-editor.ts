import type { QueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { evaluateDesign, evaluationQueryOptions, savedDesignRequest } from './evaluate-design';
import { designQueryOptions } from './get-design';
import { measuredCurvesQueryOptions } from './measured-curves';
import type { Design, EvaluationPayload } from './types';

/** The editor page's code; the router's lazy route and the preload share this one import. */
export const loadDesignEditorPage = () => import('../components/design-editor-page');

/** GET /designs/{id}/evaluation/?rules=current: the saved inputs evaluated with the current rules,
 * which is POST /evaluate/'s answer for savedDesignRequest(design), plus which design and version it
 * evaluated. The server announces this URL in a signed-in editor's page (core.views.first_requests). */
export const savedEvaluationUrl = (id: number) => `/api/v1/designs/${id}/evaluation/?rules=current`;

/**
 * The preloaded evaluation as the untouched editor's evaluation of `design`, or null when it is not
 * that: another design, or another version of it (a save between the two requests), or no answer.
 * Without the saved-design reference, so it is what POST /evaluate/ answers for the same inputs.
 */
export function savedEvaluationOf(payload: EvaluationPayload | null, design: Design): EvaluationPayload | null {
  if (!payload?.design || payload.design.id !== design.id || payload.design.version !== design.version) return null;
  const evaluation: EvaluationPayload = { ...payload };
  delete evaluation.design;
  delete evaluation.revision;
  return evaluation;
}

/**
 * Starts what the editor shows first as soon as its route is known, alongside the session check
 * (/auth/me/) rather than after it: the page's code, the design and the design's evaluation at once;
 * its measured curves as soon as the design is in. The editor asks for the evaluation of the saved
 * design while its form is untouched (savedDesignRequest): that query is filled from the GET above
 * when it evaluated the very version the design request returned, and is a POST /evaluate/ of the
 * design's inputs otherwise, so the charts show the evaluation of the inputs shown either way. For a
 * signed-in user the server has already announced /auth/me/, the design, its evaluation and the
 * platform registry (whose labels the charts draw) in the page (core.views.first_requests), so they are
 * usually in by then. What the charts do not show (price books, history) the page asks for when it
 * mounts, so it does not queue in front of the design on the server. The route guard still decides what is shown: on a cold load by a
 * visitor the requests are refused (403), nothing of them shown.
 */
export function preloadDesignEditor(queryClient: QueryClient, id: number | null, knownAnonymous: boolean): void {
  void loadDesignEditorPage();
  if (id === null || knownAnonymous) return;
  // Only for a design this page has not read yet (a cold load, or its first opening): one the cache
  // knows has its evaluation cached too, or is evaluated after its design as before.
  const known = queryClient.getQueryData(designQueryOptions(id).queryKey) !== undefined;
  const saved = known ? Promise.resolve(null) : apiFetch<EvaluationPayload>(savedEvaluationUrl(id)).catch(() => null);
  queryClient
    .fetchQuery(designQueryOptions(id))
    .then((design) => {
      const request = savedDesignRequest(design);
      void queryClient.prefetchQuery({
        ...evaluationQueryOptions(request),
        queryFn: async ({ signal }) => savedEvaluationOf(await saved, design) ?? evaluateDesign(request, signal),
      });
      void queryClient.prefetchQuery(measuredCurvesQueryOptions(request.reference_configuration ?? null));
    })
    // A failure here is the page's to show: it asks again for what it needs (useDesign, useEvaluation).
    .catch(() => undefined);
}
