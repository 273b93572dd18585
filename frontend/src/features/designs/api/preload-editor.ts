import type { QueryClient } from '@tanstack/react-query';
import { platformsQueryOptions } from '../../../lib/platforms';
import { evaluationQueryOptions } from './evaluate-design';
import { designQueryOptions } from './get-design';
import { measuredCurvesQueryOptions } from './measured-curves';

/** The editor page's code; the router's lazy route and the preload share this one import. */
export const loadDesignEditorPage = () => import('../components/design-editor-page');

/**
 * Starts what the editor shows first as soon as its route is known, alongside the session check
 * (/auth/me/) rather than after it: the page's code, the design and the platform registry at once;
 * the design's first evaluation and its measured curves as soon as the design and the form code are
 * in (the evaluation's request is built by the same function the editor uses, so the editor finds it
 * in the cache or in flight). The route guard still decides what is shown: on a cold load by a
 * visitor the design request is refused (403) and nothing of it is displayed.
 */
export function preloadDesignEditor(queryClient: QueryClient, id: number | null, knownAnonymous: boolean): void {
  const page = loadDesignEditorPage();
  if (id === null || knownAnonymous) return;
  void queryClient.prefetchQuery(platformsQueryOptions());
  const design = queryClient.fetchQuery(designQueryOptions(id));
  const requests = import('../lib/evaluate-request');
  Promise.all([design, requests, page])
    .then(([loaded, { firstEvaluateRequest }]) => {
      const request = firstEvaluateRequest(loaded);
      if (!request) return;
      void queryClient.prefetchQuery(evaluationQueryOptions(request));
      void queryClient.prefetchQuery(measuredCurvesQueryOptions(request.reference_configuration ?? null));
    })
    // A failure here is the page's to show: it asks again for what it needs (useDesign, useEvaluation).
    .catch(() => undefined);
}
