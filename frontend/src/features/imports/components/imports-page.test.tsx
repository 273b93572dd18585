import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AwrImportCreated, AwrImportListItem, AwrPreview } from '../api/types';
import type { NewDesignBody } from '../lib/awr';
import { CREATED, LISTED, PREVIEW } from '../lib/fixture';
import { FakeUploadXhr, jsonResponse as json } from '../lib/test-upload-xhr';
import { ImportsPage, type DesignMaker } from './imports-page';

interface Api {
  previews: { status: number; body: unknown }[];
  saved?: AwrImportCreated;
  listed: AwrImportListItem[];
  workload?: { status: number; body: unknown };
  /** The caller's role in the one team (editor unless said). */
  role?: string;
}

function stubApi(api: Api) {
  const fetch = vi.fn((url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/v1/teams/') return json(200, { count: 1, next: null, previous: null, results: [{ id: 1, name: 'Presales A', slug: 'presales-a', role: api.role ?? 'editor', members: [] }] });
    if (url === '/api/v1/imports/awr/preview/') {
      const { status, body } = api.previews.shift()!;
      return json(status, body);
    }
    if (url === '/api/v1/imports/awr/' && method === 'POST') {
      api.listed = [LISTED];
      return json(api.saved?.existing ? 200 : 201, api.saved);
    }
    if (url.startsWith('/api/v1/imports/awr/?')) return json(200, { count: api.listed.length, next: null, previous: null, results: api.listed });
    // The page's measured-evidence section (evidence-section.test.tsx tests it): none here.
    if (url.startsWith('/api/v1/imports/evidence/?') || url.startsWith('/api/v1/imports/systems/?')) return json(200, { count: 0, next: null, previous: null, results: [] });
    if (url === '/api/v1/imports/awr/5/workload/') return json(api.workload!.status, api.workload!.body);
    if (url === '/api/v1/imports/awr/5/') {
      if (method === 'DELETE') {
        api.listed = [];
        return json(204, null);
      }
      return json(200, CREATED);
    }
    return json(404, { detail: 'Not found.' });
  });
  vi.stubGlobal('fetch', fetch);
  vi.stubGlobal('XMLHttpRequest', FakeUploadXhr);
  return fetch;
}

const START = {
  id: 'equallogic-ps6010s',
  label: 'Dell EqualLogic PS6010S, SSD, RAID 10',
  family: 'equallogic',
  platform: { family: 'equallogic', storage_model: 'PS6010S' },
  referenceConfiguration: null,
};

function maker(createDesign: (body: NewDesignBody) => Promise<{ id: number }>): DesignMaker {
  return {
    starts: [
      { ...START, id: 'equallogic-ps6010xv', label: 'Dell EqualLogic PS6010XV, 15K SAS, RAID 10', platform: { family: 'equallogic', storage_model: 'PS6010XV' } },
      START,
      { ...START, id: 'equallogic-ps6110xv-dss', label: 'PS6110XV (DSS)', workload: { kind: 'dss' } },
    ],
    familyLabels: { equallogic: 'Dell EqualLogic' },
    pending: false,
    error: null,
    priceBook: 2,
    existingNames: [],
    createDesign,
  };
}

function renderPage(createDesign = vi.fn((_body: NewDesignBody) => Promise.resolve({ id: 42 }))) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/imports']}>
        <Routes>
          <Route path="/imports" element={<ImportsPage designMaker={maker(createDesign)} />} />
          <Route path="/designs/:id" element={<p>The editor</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return createDesign;
}

const choose = async (name = 'awrrpt_1_100_101.txt') =>
  fireEvent.change(await screen.findByLabelText('AWR report (text or HTML)'), {
    target: { files: [new File(['WORKLOAD REPOSITORY report for\n'.repeat(70)], name, { type: 'text/plain' })] },
  });

describe('the measurements page', () => {
  beforeEach(() => {
    FakeUploadXhr.reset();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('uploads a chosen report with progress, shows every value with its source, then saves it', async () => {
    const fetch = stubApi({ previews: [{ status: 200, body: PREVIEW }], saved: CREATED, listed: [] });
    renderPage();
    expect(await screen.findByText('No AWR report imported yet.')).toBeInTheDocument();
    await choose();
    expect(screen.getByTestId('upload-progress')).toHaveTextContent('awrrpt_1_100_101.txt');

    const preview = await screen.findByTestId('awr-preview');
    expect(FakeUploadXhr.progress.map((p) => p.loaded)).toEqual([1085, 2170]);
    expect(within(preview).getByTestId('awr-fact-database')).toHaveTextContent('E2EAWR');
    expect(within(preview).getByTestId('awr-fact-release')).toHaveTextContent('19.0.0.0.0');
    expect(within(preview).getByTestId('awr-fact-instance')).toHaveTextContent('synth1 (#1, dbhost01, 16 CPUs)');
    expect(within(preview).getByTestId('awr-fact-elapsed')).toHaveTextContent('60.03 min');
    const tps = within(preview).getByTestId('awr-value-transactions_per_s');
    expect(within(tps).getAllByRole('cell').map((c) => c.textContent)).toEqual(['123.4', 'transactions/s', 'Load Profile, Transactions, Per Second, line 32']);
    expect(within(preview).getByTestId('awr-value-single_block_read_ms')).toHaveTextContent('not printed');
    expect(within(preview).getByTestId('awr-notes')).toHaveTextContent('single-block read latency is absent');
    expect(screen.queryByTestId('already-imported')).toBeNull();
    const [, init] = fetch.mock.calls.find(([url]) => url === '/api/v1/imports/awr/preview/') as unknown as [string, RequestInit];
    expect(((init.body as FormData).get('file') as File).name).toBe('awrrpt_1_100_101.txt');
    expect((init.body as FormData).get('team')).toBe('1');

    fireEvent.click(screen.getByRole('button', { name: 'Save import' }));
    expect(await screen.findByTestId('awr-saved')).toHaveTextContent('Saved awrrpt_1_100_101.txt (E2EAWR) for Presales A.');
    expect(screen.queryByTestId('awr-preview')).toBeNull();
    const row = await screen.findByTestId('awr-import-row');
    expect(within(row).getAllByRole('cell').slice(0, 5).map((c) => c.textContent)).toEqual([
      'awrrpt_1_100_101.txt',
      'E2EAWR',
      'alice',
      '2026-12-03 09:30 UTC',
      '2.1 KB',
    ]);
  });

  it("shows the API's refusal as an alert, naming the section", async () => {
    stubApi({
      previews: [{ status: 400, body: { file: ["Load Profile: the file ends inside the 'Load Profile' section: this report cannot give a workload"] } }],
      listed: [],
    });
    renderPage();
    await choose('cut.txt');
    expect(await screen.findByRole('alert')).toHaveTextContent("Load Profile: the file ends inside the 'Load Profile' section");
    expect(screen.queryByRole('button', { name: 'Save import' })).toBeNull();
  });

  it('says a file already imported is, in the preview and after saving; Cancel drops a preview', async () => {
    stubApi({ previews: [{ status: 200, body: { ...PREVIEW, existing_import: 5 } satisfies AwrPreview }, { status: 200, body: PREVIEW }], saved: { ...CREATED, existing: true }, listed: [LISTED] });
    renderPage();
    await choose();
    expect(await screen.findByTestId('already-imported')).toHaveTextContent('Already imported');
    fireEvent.click(screen.getByRole('button', { name: 'Save import' }));
    expect(await screen.findByTestId('awr-saved')).toHaveTextContent('Already imported: awrrpt_1_100_101.txt was imported 2026-12-03 09:30 UTC by alice');
    await choose();
    await screen.findByTestId('awr-preview');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('awr-preview')).toBeNull();
  });

  it("opens an import's values and deletes it after a confirmation", async () => {
    const fetch = stubApi({ previews: [], listed: [LISTED] });
    renderPage();
    const row = await screen.findByTestId('awr-import-row');
    fireEvent.click(within(row).getByRole('button', { name: 'Open' }));
    expect(await screen.findByTestId('awr-value-transactions_per_s')).toHaveTextContent('123.4');
    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(screen.getByRole('group', { name: 'Confirm deleting awrrpt_1_100_101.txt' })).getByRole('button', { name: 'Yes, delete' }));
    expect(await screen.findByText('No AWR report imported yet.')).toBeInTheDocument();
    // The deleted import, open until its row went, is not asked for again (a 404 on the real API).
    expect(fetch.mock.calls.filter(([url, init]) => url === '/api/v1/imports/awr/5/' && (init?.method ?? 'GET') === 'GET')).toHaveLength(1);
  });

  it.each(['viewer', 'manager'])("shows a %s the team's imports and a preview, without Save or Delete (the API refuses them)", async (role) => {
    stubApi({ previews: [{ status: 200, body: PREVIEW }], listed: [LISTED], role });
    renderPage();
    const row = await screen.findByTestId('awr-import-row');
    expect(screen.getByTestId('imports-read-only')).toHaveTextContent(`You are a ${role} of Presales A`);
    expect(within(row).getByRole('button', { name: 'Open' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Delete' })).toBeNull();
    await choose();
    await screen.findByTestId('awr-preview');
    expect(screen.queryByRole('button', { name: 'Save import' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Close the preview' }));
    expect(screen.queryByTestId('awr-preview')).toBeNull();
  });

  it('shows an editor no read-only note', async () => {
    stubApi({ previews: [], listed: [LISTED] });
    renderPage();
    const row = await screen.findByTestId('awr-import-row');
    expect(within(row).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.queryByTestId('imports-read-only')).toBeNull();
  });

  it('creates a design from an import on the platform picked, then opens the editor', async () => {
    const workload = { kind: 'oltp', profile: 'custom', target_tps: 123.4, tx_per_s: 123.4, reads_per_s: 1234.5, db_cpu_s_per_s: 0.65 };
    stubApi({ previews: [], listed: [LISTED], workload: { status: 200, body: { import_id: 5, workload, sources: {}, measured: {}, notes: [] } } });
    const create = renderPage();
    const row = await screen.findByTestId('awr-import-row');
    fireEvent.click(within(row).getByRole('button', { name: 'Create design from this AWR' }));
    const select = screen.getByLabelText('Platform');
    // The OLTP starts only, the first chosen.
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Dell EqualLogic PS6010XV, 15K SAS, RAID 10',
      'Dell EqualLogic PS6010S, SSD, RAID 10',
    ]);
    expect(select).toHaveValue('equallogic-ps6010xv');
    fireEvent.change(select, { target: { value: 'equallogic-ps6010s' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create design' }));
    expect(await screen.findByText('The editor')).toBeInTheDocument();
    expect(create).toHaveBeenCalledWith({
      name: 'E2EAWR from AWR',
      customer: '',
      team: 1,
      workload,
      platform: { family: 'equallogic', storage_model: 'PS6010S' },
      reference_configuration: null,
      price_book: 2,
    });
  });

  it('says why a report of 0 TPS makes no design', async () => {
    stubApi({
      previews: [],
      listed: [LISTED],
      workload: { status: 400, body: { workload: { tx_per_s: ['the report prints 0 transactions per second (under 0.05/s): a workload of 0 transactions per second cannot be sized'] } } },
    });
    const create = renderPage();
    fireEvent.click(within(await screen.findByTestId('awr-import-row')).getByRole('button', { name: 'Create design from this AWR' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create design' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('a workload of 0 transactions per second cannot be sized');
    await waitFor(() => expect(create).not.toHaveBeenCalled());
  });
});
