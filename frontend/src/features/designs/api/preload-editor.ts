import type { QueryClient } from '@tanstack/react-query';
import { evaluationQueryOptions, savedDesignRequest } from './evaluate-design';
import { designQueryOptions } from './get-design';
import { measuredCurvesQueryOptions } from './measured-curves';

/** The editor page's code; the router's lazy route and the preload share this one import. */
export const loadDesignEditorPage = () => import('../components/design-editor-page');

/**
 * Starts what the editor shows first as soon as its route is known, alongside the session check
 * (/auth/me/) rather than after it: the page's code and the design at once; the design's evaluation
 * and its measured curves as soon as the design is in (the editor asks for the same request while its
 * form is untouched, so it finds the answer in the cache or in flight). For a signed-in user the
 * server has already announced /auth/me/ and the design in the page (core.views.first_requests), so
 * both are usually in by then. What
 * the charts do not wait for (platform registry, price books, history) the page asks for when it
 * mounts, so it does not queue in front of the design on the server. The route guard still decides
 * what is shown: on a cold load by a visitor the design request is refused (403), nothing of it shown.
 */
export function preloadDesignEditor(queryClient: QueryClient, id: number | null, knownAnonymous: boolean): void {
  void loadDesignEditorPage();
  if (id === null || knownAnonymous) return;
  queryClient
    .fetchQuery(designQueryOptions(id))
    .then((design) => {
      const request = savedDesignRequest(design);
      void queryClient.prefetchQuery(evaluationQueryOptions(request));
      void queryClient.prefetchQuery(measuredCurvesQueryOptions(request.reference_configuration ?? null));
    })
    // A failure here is the page's to show: it asks again for what it needs (useDesign, useEvaluation).
    .catch(() => undefined);
}
