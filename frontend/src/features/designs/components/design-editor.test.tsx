import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { platformRegistry } from '../../../lib/platforms-fixture';
import type { Design, EvaluateRequest, EvaluationPayload } from '../api/types';
import { quarterRack, savedQuarterRack } from '../lib/fixture';
import { DesignEditor } from './design-editor';

// jsdom has no 2D canvas for Chart.js to draw on; the drawn charts are the e2e run's (real Chromium).
// Here a chart is only its canvas, so the test sees what the results panel shows around it.
vi.mock('react-chartjs-2', () => ({ Chart: () => <canvas />, Scatter: () => <canvas /> }));

const design: Design = savedQuarterRack();

/** One POST /evaluate/ the editor sent: what it asked, its abort signal, and how to answer it. */
interface EvaluateCall {
  body: EvaluateRequest;
  signal: AbortSignal | undefined;
  answer: (payload: EvaluationPayload) => void;
}

const page = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results });

/** The browser's fetch: the side panels' reads answered at once, every evaluation held until the test answers it. */
function serve(): EvaluateCall[] {
  const evaluations: EvaluateCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      if (url === '/api/v1/evaluate/') {
        return new Promise<Response>((resolve, reject) => {
          const signal = init?.signal ?? undefined;
          signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          evaluations.push({
            body: JSON.parse(String(init?.body)) as EvaluateRequest,
            signal,
            answer: (payload) => resolve(new Response(JSON.stringify(payload), { status: 200 })),
          });
        });
      }
      const body = url === '/api/v1/platforms/' ? platformRegistry() : page([]);
      return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
    }),
  );
  return evaluations;
}

/** The headline as the tiles write it: 25800 -> "25,800 TPS". */
const tpsText = (tps: number) => `${tps.toLocaleString('en-US')} TPS`;

/** The fixture's evaluation with another TPS at the SLA: tells one answer from another on screen. */
function payloadWithTps(tps: number): EvaluationPayload {
  const payload = quarterRack();
  payload.evaluation.summary.max_sustained_tps = { value: tps, unit: 'TPS' };
  return payload;
}

function renderEditor() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      {/* A data router, as the app's: the editor's unsaved-edits prompt needs one (useBlocker). */}
      <RouterProvider router={createMemoryRouter([{ path: '/', element: <DesignEditor design={design} /> }])} />
    </QueryClientProvider>,
  );
}

const users = () => screen.getByTestId('users');
const results = () => screen.getByTestId('results');
const typeUsers = (value: string) => fireEvent.change(users(), { target: { value } });

describe('design editor: the what-if evaluates as the user types', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends an edit at once: no fixed pause after typing', async () => {
    const evaluations = serve();
    renderEditor();
    await waitFor(() => expect(evaluations).toHaveLength(1));
    typeUsers('2500');
    // Asked right after the change, with no timer run in between (a debounce would still be waiting).
    expect(evaluations).toHaveLength(2);
    expect(evaluations[1]!.body.workload.users).toBe(2500);
  });

  it('cancels the request of an edit overtaken by the next one, and never shows its answer', async () => {
    const evaluations = serve();
    renderEditor();
    await waitFor(() => expect(evaluations).toHaveLength(1));
    await act(async () => evaluations[0]!.answer(payloadWithTps(25_800)));
    typeUsers('2500');
    typeUsers('2600');
    expect(evaluations.map((e) => e.body.workload.users)).toEqual([1000, 2500, 2600]);
    expect(evaluations[1]!.signal?.aborted).toBe(true);
    expect(evaluations[2]!.signal?.aborted).toBe(false);
    await act(async () => evaluations[1]!.answer(payloadWithTps(11_100))); // too late: already aborted
    await act(async () => evaluations[2]!.answer(payloadWithTps(22_200)));
    await waitFor(() => expect(results()).toHaveAttribute('data-stale', 'false'));
    expect(screen.getByTestId('tps-at-sla-value')).toHaveTextContent(tpsText(22_200));
  });

  it('keeps the previous result on screen, marked stale, until the new one arrives', async () => {
    const evaluations = serve();
    renderEditor();
    await waitFor(() => expect(evaluations).toHaveLength(1));
    await act(async () => evaluations[0]!.answer(payloadWithTps(25_800)));
    const before = tpsText(25_800);
    await waitFor(() => expect(screen.getByTestId('tps-at-sla-value')).toHaveTextContent(before));
    const shownKey = results().dataset.evaluationKey;
    expect(shownKey).toBeTruthy();

    typeUsers('2500');
    expect(results()).toHaveAttribute('data-stale', 'true');
    expect(screen.getByTestId('tps-at-sla-value')).toHaveTextContent(before);
    expect(results().dataset.evaluationKey).toBe(shownKey);
    expect(screen.getByText(/figures below are for the previous inputs/)).toBeInTheDocument();

    await act(async () => evaluations[1]!.answer(payloadWithTps(30_000)));
    await waitFor(() => expect(results()).toHaveAttribute('data-stale', 'false'));
    expect(screen.getByTestId('tps-at-sla-value')).toHaveTextContent(tpsText(30_000));
    expect(results().dataset.evaluationKey).not.toBe(shownKey);
  });

  it('sends nothing for an invalid intermediate value, and keeps the last result', async () => {
    const evaluations = serve();
    renderEditor();
    await waitFor(() => expect(evaluations).toHaveLength(1));
    await act(async () => evaluations[0]!.answer(payloadWithTps(25_800)));
    typeUsers('0'); // on the way to "0.5"? users are whole and at least 1
    typeUsers('0.5');
    expect(evaluations).toHaveLength(1);
    expect(screen.getByText(/Correct the inputs marked in red/)).toBeInTheDocument();
    expect(screen.getByTestId('tps-at-sla-value')).toHaveTextContent(tpsText(25_800));
    typeUsers('3000');
    expect(evaluations.map((e) => e.body.workload.users)).toEqual([1000, 3000]);
  });
});

describe('design editor: Clone (issue 39: only the list cloned)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('clones the design and opens the copy', async () => {
    const evaluations = serve();
    const base = vi.mocked(fetch).getMockImplementation()!;
    const calls: string[] = [];
    vi.mocked(fetch).mockImplementation((url, init) => {
      if (String(url) === `/api/v1/designs/${design.id}/clone/`) {
        calls.push(`${init?.method} ${String(url)}`);
        return Promise.resolve(new Response(JSON.stringify({ ...design, id: 999, name: `${design.name} (copy)` }), { status: 201 }));
      }
      return base(url, init);
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const router = createMemoryRouter([
      { path: '/', element: <DesignEditor design={design} /> },
      { path: '/designs/:id', element: <p>opened the copy</p> },
    ]);
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(evaluations).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Clone' }));
    await screen.findByText('opened the copy');
    expect(calls).toEqual([`POST /api/v1/designs/${design.id}/clone/`]);
    expect(router.state.location.pathname).toBe('/designs/999');
  });
});
