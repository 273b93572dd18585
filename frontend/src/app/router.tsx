import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes, useParams } from 'react-router-dom';
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
const DesignEditorPage = lazy(() => loadDesignEditorPage().then((m) => ({ default: m.DesignEditorPage })));
const TrashPage = lazy(() => import('../features/designs/components/trash-page').then((m) => ({ default: m.TrashPage })));
const SharedDesignPage = lazy(() =>
  import('../features/designs/components/shared-design-page').then((m) => ({ default: m.SharedDesignPage })),
);
const AuditPage = lazy(() => import('../features/audit/components/audit-page').then((m) => ({ default: m.AuditPage })));
const DesignAuditPage = lazy(() =>
  import('../features/audit/components/design-audit-page').then((m) => ({ default: m.DesignAuditPage })),
);
const ComparePage = lazy(() => import('../features/compare/components/compare-page').then((m) => ({ default: m.ComparePage })));
const CatalogPage = lazy(() => import('../features/catalog/components/catalog-page').then((m) => ({ default: m.CatalogPage })));
const PriceBooksPage = lazy(() =>
  import('../features/price-books/components/price-books-page').then((m) => ({ default: m.PriceBooksPage })),
);
const ModelReportPage = lazy(() =>
  import('../features/model-report/components/model-report-page').then((m) => ({ default: m.ModelReportPage })),
);

function Page({ children, auth = true }: { children: ReactNode; auth?: boolean }) {
  const page = <Suspense fallback={<p className="muted">Loading…</p>}>{children}</Suspense>;
  return auth ? <RequireAuth>{page}</RequireAuth> : page;
}

/** The editor's route: its code and data start loading with the session check, not after it. */
function DesignEditorRoute() {
  const queryClient = useQueryClient();
  const designId = parseDesignId(useParams().id);
  useEffect(() => {
    // A session already known to be anonymous is sent to sign-in: nothing to fetch for it.
    const knownAnonymous = queryClient.getQueryData(currentUserQueryOptions().queryKey) === null;
    preloadDesignEditor(queryClient, designId, knownAnonymous);
  }, [queryClient, designId]);
  return (
    <Page>
      <DesignEditorPage />
    </Page>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<AppLayout />}>
          <Route index element={<HomePage />} />
          <Route path="sign-in" element={<SignInPage />} />
          <Route path="designs" element={<Page><DesignsPage /></Page>} />
          <Route path="designs/new" element={<Page><NewDesignPage /></Page>} />
          <Route path="designs/trash" element={<Page><TrashPage /></Page>} />
          <Route path="designs/:id" element={<DesignEditorRoute />} />
          <Route path="designs/:id/audit" element={<Page><DesignAuditPage /></Page>} />
          <Route path="shared/:token" element={<Page auth={false}><SharedDesignPage /></Page>} />
          <Route path="compare" element={<Page><ComparePage /></Page>} />
          <Route path="catalog" element={<Page><CatalogPage /></Page>} />
          <Route path="audit" element={<Page><AuditPage /></Page>} />
          <Route path="price-books" element={<Page><PriceBooksPage /></Page>} />
          <Route path="model" element={<Page auth={false}><ModelReportPage /></Page>} />
          <Route path="*" element={<p role="alert">Page not found.</p>} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
