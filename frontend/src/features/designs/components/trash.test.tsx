import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { platformRegistry } from '../../../lib/platforms-fixture';
import type { Design, TrashedDesign } from '../api/types';
import { savedQuarterRack } from '../lib/fixture';
import { listItem } from '../lib/list-item.fixture';
import { DesignsPage } from './designs-page';
import { TrashPage } from './trash-page';

/** The saved design the trash tests move around: the editor tests' quarter rack, sized by target TPS. */
const design = (over: Partial<Design> = {}): Design =>
  savedQuarterRack({
    workload: { kind: 'oltp', target_tps: 10000 },
    platform: { family: 'oracle-fs1', storage_model: 'FS1-2', rac_nodes: 2, arrays: 2 },
    reference_configuration: null,
    ...over,
  });

const trashed = (over: Partial<TrashedDesign> = {}): TrashedDesign => ({
  ...design({ version: 2, etag: '"design-7-v2"', revision: 2 }),
  deleted_at: '2026-11-20T09:30:00Z',
  deleted_by: { id: 1, username: 'alice' },
  purge_after: '2026-12-20T09:30:00Z',
  ...over,
});

/** The same design as a row of the designs list. */
const listed = () => listItem({ id: 7, name: 'Bank core', customer: 'Acme', etag: '"design-7-v1"' });

const page = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results });

type Route = (method: string, url: string) => { status: number; body?: unknown };

/** The browser's fetch answering like the API does for these URLs (the test owns the server state). */
function serve(route: Route) {
  const calls: string[] = [];
  const fetch = vi.fn((url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url}`);
    // The list's platform filter reads the registry (a real payload).
    const { status, body } = url === '/api/v1/platforms/' ? { status: 200, body: platformRegistry } : route(method, url);
    return Promise.resolve(new Response(body === undefined ? null : JSON.stringify(body), { status }));
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="designs" element={<DesignsPage />} />
          <Route path="designs/trash" element={<TrashPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('deleting with undo', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows an undo notice after a delete, and Undo brings the design back', async () => {
    let inTrash = false;
    const calls = serve((method, url) => {
      if (method === 'GET' && url.startsWith('/api/v1/designs/?')) return { status: 200, body: page(inTrash ? [] : [listed()]) };
      if (method === 'DELETE' && url === '/api/v1/designs/7/') {
        inTrash = true;
        return { status: 204 };
      }
      if (method === 'POST' && url === '/api/v1/designs/7/undelete/') {
        inTrash = false;
        return { status: 200, body: design({ version: 3, etag: '"design-7-v3"' }) };
      }
      return { status: 404, body: { detail: 'Not found.' } };
    });
    renderAt('/designs');
    const row = await screen.findByTestId('design-row-7');
    expect(screen.getByRole('link', { name: 'Trash' })).toHaveAttribute('href', '/designs/trash');
    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    expect(within(row).getByRole('group')).toHaveTextContent('Move “Bank core” to the trash?');
    fireEvent.click(within(row).getByRole('button', { name: 'Yes, delete' }));

    const notice = await screen.findByTestId('deleted-notice');
    expect(notice).toHaveTextContent('“Bank core” moved to the trash.');
    await waitFor(() => expect(screen.queryByTestId('design-row-7')).toBeNull());

    fireEvent.click(within(notice).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByTestId('design-row-7')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('deleted-notice')).toBeNull());
    expect(calls).toContain('DELETE /api/v1/designs/7/');
    expect(calls).toContain('POST /api/v1/designs/7/undelete/');
  }, 20_000); // the first render of the list page loads its modules (slow on a loaded 2-core machine)

  it('keeps the notice and says why when the undo is refused', async () => {
    serve((method) => {
      if (method === 'GET') return { status: 200, body: page([listed()]) };
      if (method === 'DELETE') return { status: 204 };
      return { status: 404, body: { detail: 'No such design in your trash.' } };
    });
    renderAt('/designs');
    const row = await screen.findByTestId('design-row-7');
    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(row).getByRole('button', { name: 'Yes, delete' }));
    const notice = await screen.findByTestId('deleted-notice');
    fireEvent.click(within(notice).getByRole('button', { name: 'Undo' }));
    expect(await within(notice).findByRole('alert')).toHaveTextContent('No such design in your trash.');
  });
});

describe('trash page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists trashed designs with the purge date, and Restore takes one out', async () => {
    let rows = [trashed(), trashed({ id: 8, name: 'Archive', customer: '', deleted_by: null })];
    const calls = serve((method, url) => {
      if (method === 'GET' && url.startsWith('/api/v1/designs/trash/')) return { status: 200, body: page(rows) };
      if (method === 'POST' && url === '/api/v1/designs/7/undelete/') {
        rows = rows.filter((r) => r.id !== 7);
        return { status: 200, body: design({ version: 3 }) };
      }
      return { status: 404, body: { detail: 'Not found.' } };
    });
    renderAt('/designs/trash');
    const row = await screen.findByTestId('trash-row-7');
    expect(row).toHaveTextContent('Bank core');
    expect(row).toHaveTextContent('2026-11-20 09:30 UTC by alice');
    expect(row).toHaveTextContent('2026-12-20 09:30 UTC');
    expect(screen.getByTestId('trash-row-8')).not.toHaveTextContent(' by ');

    fireEvent.click(within(row).getByRole('button', { name: 'Restore' }));
    const restored = await screen.findByTestId('restored-notice');
    expect(restored).toHaveTextContent('Restored “Bank core”');
    expect(within(restored).getByRole('link', { name: 'open it' })).toHaveAttribute('href', '/designs/7');
    await waitFor(() => expect(screen.queryByTestId('trash-row-7')).toBeNull());
    expect(screen.getByTestId('trash-row-8')).toBeInTheDocument();
    expect(calls.filter((c) => c.startsWith('POST'))).toEqual(['POST /api/v1/designs/7/undelete/']);
  });

  it('says so when the trash is empty', async () => {
    serve(() => ({ status: 200, body: page([]) }));
    renderAt('/designs/trash');
    expect(await screen.findByText('The trash is empty.')).toBeInTheDocument();
  });
});
