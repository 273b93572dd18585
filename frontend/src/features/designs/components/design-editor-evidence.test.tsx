import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { platformRegistry } from '../../../lib/platforms-fixture';
import type { Design, EvaluateRequest, EvaluationPayload } from '../api/types';
import { quarterRack, savedQuarterRack } from '../lib/fixture';
import { calibratedOverlay, comparedOverlay, teamEvidenceImports } from '../lib/evidence-overlay-fixture';
import { DesignEditor } from './design-editor';

// jsdom has no 2D canvas for Chart.js (see design-editor.test.tsx).
vi.mock('react-chartjs-2', () => ({ Chart: () => <canvas />, Scatter: () => <canvas /> }));

const team = { id: 3, name: 'Storage team', slug: 'storage-team' };

interface Call {
  url: string;
  method: string;
  body: Record<string, unknown> | null;
  headers: Record<string, string>;
}

const page = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results });

/** The browser's fetch: evaluations answered with the overlay their request asks for, a PATCH with the design saved. */
function serve(design: Design): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null;
      calls.push({ url, method: init?.method ?? 'GET', body, headers: Object.fromEntries(new Headers(init?.headers).entries()) });
      let answer: unknown = page([]);
      if (url === '/api/v1/platforms/') answer = platformRegistry();
      else if (url.startsWith('/api/v1/imports/evidence/')) answer = teamEvidenceImports();
      else if (url === '/api/v1/evaluate/') {
        const request = body as unknown as EvaluateRequest;
        const payload: EvaluationPayload = quarterRack();
        if (request.evidence_imports?.length) payload.evidence_overlay = request.calibrate_on_evidence ? calibratedOverlay() : comparedOverlay();
        answer = payload;
      } else if (url === `/api/v1/designs/${design.id}/` && init?.method === 'PATCH') answer = { ...design, ...body, version: design.version + 1 };
      return Promise.resolve(new Response(JSON.stringify(answer), { status: 200 }));
    }),
  );
  return calls;
}

function renderEditor(design: Design) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={createMemoryRouter([{ path: '/', element: <DesignEditor design={design} /> }])} />
    </QueryClientProvider>,
  );
}

const evaluations = (calls: Call[]) => calls.filter((c) => c.url === '/api/v1/evaluate/');

describe('design editor: our measurements (issue 38 point 5)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('evaluates a design on the evidence imports it names, with its team, and shows before and after', async () => {
    const design = savedQuarterRack({ team, evidence_imports: [12, 15], calibrate_on_evidence: true });
    const calls = serve(design);
    renderEditor(design);
    await waitFor(() => expect(evaluations(calls)).toHaveLength(1));
    expect(evaluations(calls)[0]!.body).toMatchObject({ team: 3, evidence_imports: [12, 15], calibrate_on_evidence: true });
    const panel = await screen.findByRole('region', { name: 'Our measurements' });
    expect(within(panel).getByTestId('overlay-figure-max_sustained_tps')).toHaveTextContent('+11.5 TPS');
    expect(within(panel).getAllByTestId('overlay-point')).toHaveLength(9);
    const control = screen.getByTestId('evidence-imports-control');
    await waitFor(() => expect(within(control).getByLabelText(/^prod/)).toBeChecked());
    expect(within(control).getByLabelText('Calibrate on our measurements')).toBeChecked();
  });

  it('sends a change of the choice with the live evaluation, and saves it with the design (If-Match)', async () => {
    const design = savedQuarterRack({ team, evidence_imports: [12, 15], calibrate_on_evidence: true });
    const calls = serve(design);
    renderEditor(design);
    await screen.findByRole('region', { name: 'Our measurements' });
    fireEvent.click(screen.getByLabelText('Calibrate on our measurements'));
    fireEvent.click(await screen.findByLabelText(/^Order Entry/));
    await waitFor(() => expect(evaluations(calls).at(-1)!.body).toMatchObject({ team: 3, evidence_imports: [12], calibrate_on_evidence: false }));
    await waitFor(() => expect(screen.getByTestId('evidence-overlay-summary')).toHaveTextContent(/^Not calibrated/));

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    const patch = await waitFor(() => {
      const found = calls.find((c) => c.method === 'PATCH');
      expect(found).toBeDefined();
      return found!;
    });
    expect(patch.url).toBe('/api/v1/designs/7/');
    expect(patch.headers['if-match']).toBe(design.etag);
    expect(patch.body).toMatchObject({ evidence_imports: [12], calibrate_on_evidence: false });
    expect(patch.body).not.toHaveProperty('team');
  });

  it('offers no control to a design of no team, and sends no evidence fields for it', async () => {
    const design = savedQuarterRack();
    const calls = serve(design);
    renderEditor(design);
    await waitFor(() => expect(evaluations(calls)).toHaveLength(1));
    expect(evaluations(calls)[0]!.body).not.toHaveProperty('evidence_imports');
    expect(evaluations(calls)[0]!.body).not.toHaveProperty('team');
    expect(screen.queryByTestId('evidence-imports-control')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('results')).toHaveAttribute('data-stale', 'false'));
    expect(screen.queryByTestId('evidence-overlay')).toBeNull();
    expect(calls.some((c) => c.url.startsWith('/api/v1/imports/evidence/'))).toBe(false);
  });
});
