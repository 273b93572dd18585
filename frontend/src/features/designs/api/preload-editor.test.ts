import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { quarterRack, savedQuarterRack } from '../lib/fixture';
import { evaluationQueryOptions, savedDesignRequest } from './evaluate-design';
import { designQueryOptions } from './get-design';
import { preloadDesignEditor, savedEvaluationOf, savedEvaluationUrl } from './preload-editor';
import type { Design, EvaluationPayload } from './types';

// The editor's chunk is not this test's: the preload only starts its import.
vi.mock('../components/design-editor-page', () => ({ DesignEditorPage: () => null }));

const design: Design = savedQuarterRack({ version: 3, revision: 2 });

/** GET /designs/7/evaluation/?rules=current as the server answers it: the evaluation plus which design and version. */
function savedEvaluation(version = design.version, tps = 25800): EvaluationPayload {
  const payload = quarterRack();
  payload.evaluation.summary.max_sustained_tps = { value: tps, unit: 'TPS' };
  return {
    ...payload,
    design: { id: design.id, name: design.name, customer: design.customer, status: design.status, version, revision: 2 },
    revision: 2,
  };
}

const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status }));

/** The browser's fetch: each URL answered as `answers` says (the curves with an empty page), every call recorded. */
function serve(answers: Record<string, () => Promise<Response>>) {
  const calls: { url: string; method: string; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      calls.push({ url, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const answer = answers[url];
      if (answer) return answer();
      return json({ count: 0, next: null, previous: null, results: [] });
    }),
  );
  return calls;
}

const evaluationKey = () => evaluationQueryOptions(savedDesignRequest(design)).queryKey;

async function preloaded(client: QueryClient): Promise<unknown> {
  await vi.waitFor(() => expect(['success', 'error']).toContain(client.getQueryState(evaluationKey())?.status));
  return client.getQueryData(evaluationKey());
}

describe('the editor route preload', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the design and its evaluation at once, and the untouched editor needs no POST', async () => {
    const calls = serve({
      '/api/v1/designs/7/': () => json(design),
      [savedEvaluationUrl(7)]: () => json(savedEvaluation()),
    });
    const client = new QueryClient();
    preloadDesignEditor(client, 7, false);
    // Both before either answers: no waterfall.
    expect(calls.map((c) => c.url)).toEqual(['/api/v1/designs/7/evaluation/?rules=current', '/api/v1/designs/7/']);
    const shown = (await preloaded(client)) as EvaluationPayload;
    // What POST /evaluate/ answers for the saved inputs: no saved-design reference.
    const expected: EvaluationPayload = savedEvaluation();
    delete expected.design;
    delete expected.revision;
    expect(shown).toEqual(expected);
    expect(shown).not.toHaveProperty('design');
    expect(calls.some((c) => c.url === '/api/v1/evaluate/')).toBe(false);
  });

  it('evaluates the inputs shown when the evaluation answered for another version (a save in between)', async () => {
    const calls = serve({
      '/api/v1/designs/7/': () => json(design),
      [savedEvaluationUrl(7)]: () => json(savedEvaluation(design.version + 1, 99)),
      '/api/v1/evaluate/': () => json(quarterRack()),
    });
    const client = new QueryClient();
    preloadDesignEditor(client, 7, false);
    expect(await preloaded(client)).toEqual(quarterRack());
    expect(calls.filter((c) => c.url === '/api/v1/evaluate/')).toEqual([
      { url: '/api/v1/evaluate/', method: 'POST', body: savedDesignRequest(design) },
    ]);
  });

  it('evaluates the inputs when the evaluation request failed', async () => {
    const calls = serve({
      '/api/v1/designs/7/': () => json(design),
      [savedEvaluationUrl(7)]: () => json({ detail: 'busy' }, 503),
      '/api/v1/evaluate/': () => json(quarterRack()),
    });
    const client = new QueryClient();
    preloadDesignEditor(client, 7, false);
    expect(await preloaded(client)).toEqual(quarterRack());
    expect(calls.filter((c) => c.url === '/api/v1/evaluate/')).toHaveLength(1);
  });

  it('asks nothing of a design the page has read already beyond what it asked before', async () => {
    const calls = serve({ '/api/v1/designs/7/': () => json(design), '/api/v1/evaluate/': () => json(quarterRack()) });
    const client = new QueryClient();
    client.setQueryData(designQueryOptions(7).queryKey, design);
    preloadDesignEditor(client, 7, false);
    expect(await preloaded(client)).toEqual(quarterRack());
    expect(calls.some((c) => c.url.includes('/evaluation/'))).toBe(false);
  });

  it('asks nothing for a session known to be anonymous, or a route that names no design', () => {
    const calls = serve({});
    preloadDesignEditor(new QueryClient(), 7, true);
    preloadDesignEditor(new QueryClient(), null, false);
    expect(calls).toEqual([]);
  });
});

describe('savedEvaluationOf', () => {
  it('takes the evaluation of this very design and version only', () => {
    expect(savedEvaluationOf(savedEvaluation(), design)).not.toBeNull();
    expect(savedEvaluationOf(savedEvaluation(design.version - 1), design)).toBeNull();
    expect(savedEvaluationOf(savedEvaluation(), { ...design, id: 8 })).toBeNull();
    expect(savedEvaluationOf(quarterRack(), design)).toBeNull(); // POST's answer names no design
    expect(savedEvaluationOf(null, design)).toBeNull();
  });
});
