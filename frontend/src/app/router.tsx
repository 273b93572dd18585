import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { AppLayout } from './app-layout';
import { SignInPage } from '../features/auth/components/sign-in-page';
import { RequireAuth } from '../features/auth/components/require-auth';
import { currentUserQueryOptions } from '../features/auth/api/session';
import { loadDesignEditorPage, preloadDesignEditor } from '../features/designs/api/preload-editor';
import { parseDesignId } from '../features/designs/lib/design-id';
import { HomePage } from './home-page';

// Pages with charts load on demand so the sign-in and list screens stay light.
const DesignsPage = lazy(() => import('../features/designs/components/designs-page').then((m) => ({ default: m.DesignsPage })));
const NewDesignPage = lazy(() => import('../features/designs/components/new-design-page').then((m) => ({ default: m.NewDesignPage })));
const TrashPage = lazy(() => import('../features/designs/components/trash-page').then((m) => ({ default: m.TrashPage })));
const SharedDesignPage = lazy(() =>
  import('../features/designs/components/shared-design-page').then((m) => ({ default: m.SharedDesignPage })),
);
const AuditPage = lazy(() => import('../features/audit/components/audit-page').then((m) => ({ default: m.AuditPage })));
const DesignAuditPage = lazy(() =>
  import('../features/audit/components/design-audit-page').then((m) => ({ default: m.DesignAuditPage })),
);
const ComparePage = lazy(() => import('../features/compare/components/compare-page').then((m) => ({ default: m.ComparePage })));
const RecommendPage = lazy(() =>
  import('../features/recommend/components/recommend-page').then((m) => ({ default: m.RecommendPage })),
);
const CatalogPage = lazy(() => import('../features/catalog/components/catalog-page').then((m) => ({ default: m.CatalogPage })));
const TeamBrandingPage = lazy(() =>
  import('../features/teams/components/team-branding-page').then((m) => ({ default: m.TeamBrandingPage })),
);
const PriceBooksPage = lazy(() =>
  import('../features/price-books/components/price-books-page').then((m) => ({ default: m.PriceBooksPage })),
);
const ImportsRoute = lazy(() => import('./imports-route').then((m) => ({ default: m.ImportsRoute })));
const ModelReportPage = lazy(() =>
  import('../features/model-report/components/model-report-page').then((m) => ({ default: m.ModelReportPage })),
);

function Page({ children, auth = true }: { children: ReactNode; auth?: boolean }) {
  const page = <Suspense fallback={<p className="muted">Loading…</p>}>{children}</Suspense>;
  return auth ? <RequireAuth>{page}</RequireAuth> : page;
}

/**
 * Every route of the SPA. A data router (createBrowserRouter), so that the editor can hold an in-app
 * navigation while it has unsaved edits (useBlocker, design-editor.tsx) and so that a route's loader
 * starts its requests as soon as the URL is known, before anything renders.
 */
export function appRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      element: <AppLayout />,
      // The session check (the layout's user menu and every guard read it) starts with the router,
      // before the first render; the query client keeps one request in flight and reuses its answer.
      loader: () => {
        void queryClient.prefetchQuery(currentUserQueryOptions());
        return null;
      },
      // Shown for the moment the router takes to run the first URL's loaders (they do not wait on the network).
      HydrateFallback: () => <p className="muted">Loading…</p>,
      children: [
        { index: true, element: <HomePage /> },
        { path: 'sign-in', element: <SignInPage /> },
        { path: 'designs', element: <Page><DesignsPage /></Page> },
        { path: 'designs/new', element: <Page><NewDesignPage /></Page> },
        { path: 'designs/trash', element: <Page><TrashPage /></Page> },
        {
          path: 'designs/:id',
          // The editor's code and data start loading with the session check, not after it: the
          // loader returns at once (the page shows its own loading states), and the guard below still
          // decides what is shown. A session already known to be anonymous is sent to sign-in: nothing
          // to fetch for it.
          loader: ({ params }) => {
            const knownAnonymous = queryClient.getQueryData(currentUserQueryOptions().queryKey) === null;
            preloadDesignEditor(queryClient, parseDesignId(params.id), knownAnonymous);
            return null;
          },
          // The router's own lazy loading, not React.lazy: the route renders once its code is in (the
          // server's modulepreload links and the loader have fetched it), with no Suspense fallback.
          // React holds back a Suspense boundary's content for up to 300 ms after its fallback showed
          // (fallback throttling): that wait sat between the evaluation's answer and the charts.
          lazy: async () => {
            const { DesignEditorPage } = await loadDesignEditorPage();
            return { element: <Page><DesignEditorPage /></Page> };
          },
        },
        { path: 'designs/:id/audit', element: <Page><DesignAuditPage /></Page> },
        { path: 'shared/:token', element: <Page auth={false}><SharedDesignPage /></Page> },
        { path: 'compare', element: <Page><ComparePage /></Page> },
        { path: 'recommend', element: <Page><RecommendPage /></Page> },
        { path: 'catalog', element: <Page><CatalogPage /></Page> },
        { path: 'audit', element: <Page><AuditPage /></Page> },
        { path: 'price-books', element: <Page><PriceBooksPage /></Page> },
        { path: 'imports', element: <Page><ImportsRoute /></Page> },
        { path: 'teams/:slug/branding', element: <Page><TeamBrandingPage /></Page> },
        { path: 'model', element: <Page auth={false}><ModelReportPage /></Page> },
        { path: '*', element: <p role="alert">Page not found.</p> },
      ],
    },
  ];
}

// One router per query client: created on first render (its loaders start then), kept across
// re-renders and StrictMode's double render. Tests make a client, and so a router, of their own.
const routers = new WeakMap<QueryClient, ReturnType<typeof createBrowserRouter>>();

export function AppRouter() {
  const queryClient = useQueryClient();
  let router = routers.get(queryClient);
  if (!router) {
    router = createBrowserRouter(appRoutes(queryClient));
    routers.set(queryClient, router);
  }
  return <RouterProvider router={router} />;
}
