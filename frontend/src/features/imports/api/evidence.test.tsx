import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { evidenceErrors } from '../lib/evidence';
import { created, orionCheck, orionImport, SYSTEM } from '../lib/evidence-fixture';
import { FakeUploadXhr, jsonResponse, page } from '../lib/test-upload-xhr';
import { useCheckEvidence, useCreateExistingSystem, useDeleteEvidence, useEvidenceImports, useExistingSystems, useSaveEvidence } from './evidence';

const file = (name: string) => new File([`${name}\n`.repeat(10)], name, { type: 'text/plain' });
const ORION = { summary: file('t1_summary.txt'), iops: file('t1_iops.csv'), lat: file('t1_lat.csv') };

function wrapper() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const invalidated = vi.spyOn(client, 'invalidateQueries');
  const Wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return { Wrapper, invalidated };
}

function stubFetch(answer: (url: string, init?: RequestInit) => Promise<Response>) {
  const fetch = vi.fn(answer);
  vi.stubGlobal('fetch', fetch);
  vi.stubGlobal('XMLHttpRequest', FakeUploadXhr);
  return fetch;
}

describe('the evidence API hooks', () => {
  beforeEach(() => {
    FakeUploadXhr.reset();
    document.cookie = 'csrftoken=tok123';
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("checks an ORION run at its check URL with the files under their roles, CSRF and progress, and gives the API's answer", async () => {
    stubFetch(() => jsonResponse(200, orionCheck()));
    const { Wrapper } = wrapper();
    const { result } = renderHook(() => useCheckEvidence(), { wrapper: Wrapper });
    const progress = vi.fn();
    act(() => result.current.mutate({ kind: 'orion', files: ORION, team: 1, existingSystem: null, onProgress: progress }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    const [sent] = FakeUploadXhr.sent;
    expect([sent!.method, sent!.url, sent!.headers['X-CSRFToken']]).toEqual(['POST', '/api/v1/imports/evidence/orion/check/', 'tok123']);
    expect([...sent!.body.keys()]).toEqual(['summary', 'iops', 'lat', 'team']);
    const total = Object.values(ORION).reduce((s, f) => s + f.size, 0);
    expect(progress.mock.calls.map(([p]) => p)).toEqual([
      { loaded: Math.floor(total / 2), total },
      { loaded: total, total },
    ]);
    expect(result.current.data).toMatchObject({ kind: 'orion', existing_import: null });
  });

  it("maps a check's 400 to field messages that name the file and the line", async () => {
    stubFetch(() => jsonResponse(400, { iops: ['t1_iops.csv: line 2: the row for Large=0 has 3 values but the header names 4 small-I/O columns'] }));
    const { Wrapper } = wrapper();
    const { result } = renderHook(() => useCheckEvidence(), { wrapper: Wrapper });
    act(() => result.current.mutate({ kind: 'orion', files: ORION }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error).toBeInstanceOf(ApiError);
    expect((result.current.error as ApiError).status).toBe(400);
    expect(evidenceErrors(result.current.error)).toEqual([
      { field: 'iops', label: 'ORION IOPS grid (_iops.csv)', message: 't1_iops.csv: line 2: the row for Large=0 has 3 values but the header names 4 small-I/O columns' },
    ]);
  });

  it('saves Swingbench files at the save URL and refreshes the imports and the systems (their counts)', async () => {
    stubFetch(() => jsonResponse(201, created(orionImport())));
    const { Wrapper, invalidated } = wrapper();
    const { result } = renderHook(() => useSaveEvidence(), { wrapper: Wrapper });
    act(() => result.current.mutate({ kind: 'swingbench', files: [file('results_8u.xml'), file('results_16u.xml')], existingSystem: 3 }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    const [sent] = FakeUploadXhr.sent;
    expect(sent!.url).toBe('/api/v1/imports/evidence/swingbench/');
    expect(sent!.body.getAll('files').map((f) => (f as File).name)).toEqual(['results_8u.xml', 'results_16u.xml']);
    expect(sent!.body.get('existing_system')).toBe('3');
    expect(invalidated.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      ['imports', 'evidence'],
      ['imports', 'systems'],
    ]);
  });

  it("gives a viewer's 403 on save in the server's words", async () => {
    stubFetch(() => jsonResponse(403, { detail: 'Presales A: only its editors upload or delete imports.' }));
    const { Wrapper, invalidated } = wrapper();
    const { result } = renderHook(() => useSaveEvidence(), { wrapper: Wrapper });
    act(() => result.current.mutate({ kind: 'swingbench', files: [file('results_8u.xml')] }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(evidenceErrors(result.current.error)).toEqual([{ field: '', label: '', message: 'Presales A: only its editors upload or delete imports.' }]);
    expect(invalidated).not.toHaveBeenCalled();
  });

  it("creates an existing system as JSON; a name the team has is a 400 on name", async () => {
    const fetch = stubFetch((_url, init) =>
      JSON.parse(String(init?.body)).name === 'Prod array'
        ? jsonResponse(400, { name: ["Presales A already has an existing system named 'Prod array'."] })
        : jsonResponse(201, { ...SYSTEM, name: 'DR array' }),
    );
    const { Wrapper } = wrapper();
    const { result } = renderHook(() => useCreateExistingSystem(), { wrapper: Wrapper });
    act(() => result.current.mutate({ name: 'Prod array', description: '', family: '', storage_model: '', team: 1 }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect((result.current.error as ApiError).fieldErrors).toEqual({ name: ["Presales A already has an existing system named 'Prod array'."] });
    expect(evidenceErrors(result.current.error)[0]).toMatchObject({ field: 'name', label: 'Name' });
    act(() => result.current.mutate({ name: 'DR array', description: '', family: 'Pure FlashArray', storage_model: 'X70', team: 1 }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    const [url, init] = fetch.mock.calls[1]!;
    expect([url, init?.method, JSON.parse(String(init?.body))]).toEqual([
      '/api/v1/imports/systems/',
      'POST',
      { name: 'DR array', description: '', family: 'Pure FlashArray', storage_model: 'X70', team: 1 },
    ]);
  });

  it("asks for the team's lists, and says another team's import is not found", async () => {
    const fetch = stubFetch((url, init) => {
      if (init?.method === 'DELETE') return jsonResponse(404, { detail: 'No such evidence import.' });
      return jsonResponse(200, page(url.startsWith('/api/v1/imports/systems/') ? [SYSTEM] : []));
    });
    const { Wrapper } = wrapper();
    const systems = renderHook(() => useExistingSystems(1), { wrapper: Wrapper });
    const imports = renderHook(() => useEvidenceImports(1), { wrapper: Wrapper });
    await waitFor(() => expect(systems.result.current.data?.results).toEqual([SYSTEM]));
    await waitFor(() => expect(imports.result.current.data?.results).toEqual([]));
    expect(fetch.mock.calls.map(([url]) => url).sort()).toEqual(['/api/v1/imports/evidence/?limit=100&team=1', '/api/v1/imports/systems/?limit=100&ordering=name&team=1']);
    const remove = renderHook(() => useDeleteEvidence(), { wrapper: Wrapper });
    act(() => remove.result.current.mutate(99));
    await waitFor(() => expect(remove.result.current.isError).toBe(true));
    expect(evidenceErrors(remove.result.current.error)).toEqual([{ field: '', label: '', message: 'No such evidence import.' }]);
  });
});
