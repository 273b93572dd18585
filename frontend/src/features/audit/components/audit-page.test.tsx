import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditPage as Page } from '../lib/audit-query';
import { AuditPage } from './audit-page';
import { DesignAuditPage } from './design-audit-page';

const PAGE: Page = {
  next: null,
  next_cursor: null,
  results: [
    {
      id: 'benchmarks.historicalpointvalue:9',
      at: '2026-11-25T15:02:11Z',
      actor: 'admin',
      action: 'changed',
      object_type: 'measured value',
      object_id: '17',
      object_label: 'max_iops of point 5',
      summary: '',
      changes: [{ field: 'value', before: '4857.000000', after: '4900.500000' }],
    },
  ],
};

const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="audit" element={<AuditPage />} />
          <Route path="designs/:id/audit" element={<DesignAuditPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('audit page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows when, who, what and the field before → after', async () => {
    vi.stubGlobal('fetch', vi.fn(() => json(200, PAGE)));
    renderAt('/audit');
    const row = await screen.findByTestId('audit-row');
    const cells = within(row).getAllByRole('cell').map((c) => c.textContent);
    expect(cells).toEqual(['2026-11-25 15:02 UTC', 'admin', 'measured value max_iops of point 5 changed', 'value', '4857.000000 → 4900.500000']);
  });

  it('asks again with the filters applied', async () => {
    const fetch = vi.fn(() => json(200, PAGE));
    vi.stubGlobal('fetch', fetch);
    renderAt('/audit');
    await screen.findByTestId('audit-row');
    fireEvent.change(screen.getByLabelText('Object type'), { target: { value: 'part' } });
    fireEvent.change(screen.getByLabelText('Who (username)'), { target: { value: 'admin' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect(fetch).toHaveBeenLastCalledWith('/api/v1/audit/?object_type=part&actor=admin&limit=50', expect.anything());
  });

  it('tells a non-admin that the trail is for administrators', async () => {
    vi.stubGlobal('fetch', vi.fn(() => json(403, { detail: 'You do not have permission to perform this action.' })));
    renderAt('/audit');
    expect(await screen.findByRole('alert')).toHaveTextContent('Only administrators see the audit trail.');
  });

  it("shows a bad filter's message next to its field", async () => {
    vi.stubGlobal('fetch', vi.fn(() => json(400, { until: ['Must not be before `since`.'] })));
    renderAt('/audit');
    expect(await screen.findByText('Must not be before `since`.')).toBeInTheDocument();
  });
});

describe('design history page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists the design's trail under its name, with a way back", async () => {
    const fetch = vi.fn(() =>
      json(200, {
        ...PAGE,
        results: [{ ...PAGE.results[0]!, id: 'design-revision:4', object_type: 'design', object_label: 'Bank core OLTP', action: 'created', changes: [] }],
      }),
    );
    vi.stubGlobal('fetch', fetch);
    renderAt('/designs/7/audit');
    expect(await screen.findByRole('heading', { name: 'History of Bank core OLTP' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the design' })).toHaveAttribute('href', '/designs/7');
    expect(fetch).toHaveBeenCalledWith('/api/v1/audit/designs/7/?limit=50', expect.anything());
  });

  it('is not found for another team (404) and for a route id that is not an id', async () => {
    vi.stubGlobal('fetch', vi.fn(() => json(404, { detail: 'No such design.' })));
    renderAt('/designs/8/audit');
    expect(await screen.findByTestId('design-not-found')).toBeInTheDocument();
  });
});
