import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EvidenceCheck, EvidenceImport, ExistingSystem } from '../api/evidence-types';
import { created, orionCheck, orionImport, orionListed, swingbenchCheck, swingbenchImport, SYSTEM } from '../lib/evidence-fixture';
import { FakeUploadXhr, jsonResponse, page } from '../lib/test-upload-xhr';
import { EvidenceSection } from './evidence-section';

interface Api {
  /** the answer to a DELETE, when not a 204 */
  deleteRefusal?: { status: number; body: unknown };
  checks: { status: number; body: unknown }[];
  saves: { status: number; body: unknown }[];
  imports: EvidenceImport[];
  systems: ExistingSystem[];
}

function stubApi(api: Api) {
  const fetch = vi.fn((url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (url.startsWith('/api/v1/imports/systems/?')) return jsonResponse(200, page(api.systems));
    if (url === '/api/v1/imports/systems/' && method === 'POST') {
      const body = JSON.parse(String(init?.body)) as { name: string; family: string; storage_model: string; description: string };
      if (api.systems.some((s) => s.name.toLowerCase() === body.name.toLowerCase())) {
        return jsonResponse(400, { name: [`Presales A already has an existing system named '${body.name}'.`] });
      }
      const system = { ...SYSTEM, ...body, id: 10 + api.systems.length };
      api.systems = [...api.systems, system];
      return jsonResponse(201, system);
    }
    if (url.startsWith('/api/v1/imports/evidence/?')) return jsonResponse(200, page(api.imports));
    if (/^\/api\/v1\/imports\/evidence\/(orion|swingbench)\/check\/$/.test(url)) {
      const { status, body } = api.checks.shift()!;
      return jsonResponse(status, body);
    }
    if (/^\/api\/v1\/imports\/evidence\/(orion|swingbench)\/$/.test(url)) {
      const { status, body } = api.saves.shift()!;
      if (status === 201) api.imports = [body as EvidenceImport, ...api.imports];
      return jsonResponse(status, body);
    }
    const one = /^\/api\/v1\/imports\/evidence\/(\d+)\/$/.exec(url);
    const item = one ? api.imports.find((i) => i.id === Number(one[1])) : undefined;
    if (item && method === 'DELETE') {
      if (api.deleteRefusal) return jsonResponse(api.deleteRefusal.status, api.deleteRefusal.body);
      api.imports = api.imports.filter((i) => i !== item);
      return jsonResponse(204, null);
    }
    if (item) return jsonResponse(200, item);
    return jsonResponse(404, { detail: 'No such evidence import.' });
  });
  vi.stubGlobal('fetch', fetch);
  vi.stubGlobal('XMLHttpRequest', FakeUploadXhr);
  return fetch;
}

function renderSection(canWrite = true) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <EvidenceSection team={1} teamName="Presales A" canWrite={canWrite} />
    </QueryClientProvider>,
  );
}

const text = (name: string, body = `${name}\n`.repeat(20)) => new File([body], name, { type: 'text/plain' });
const choose = async (files: File[], label = 'ORION files') => fireEvent.change(await screen.findByLabelText(label), { target: { files } });
const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent);
const sentTo = (url: string) => FakeUploadXhr.sent.filter((s) => s.url === url);

describe('measured evidence', () => {
  beforeEach(() => FakeUploadXhr.reset());
  afterEach(() => vi.unstubAllGlobals());

  it('reads an ORION run once its files are all chosen, shows every point with its file and line, then saves it for the team', async () => {
    const check = orionCheck();
    const saved = created(orionImport());
    const api: Api = { checks: [{ status: 200, body: check }], saves: [{ status: 201, body: saved }], imports: [], systems: [] };
    stubApi(api);
    renderSection();
    expect(await screen.findByText('No ORION run or Swingbench series imported yet.')).toBeInTheDocument();

    // The summary and a file ORION writes that is not read: nothing is sent yet.
    await choose([text('e2e_summary.txt'), text('e2e_trace.txt')]);
    expect(screen.getByTestId('evidence-ignored')).toHaveTextContent('Not read: e2e_trace.txt');
    expect(screen.getByTestId('evidence-missing')).toHaveTextContent('the iops grid (_iops.csv), the latency grid (_lat.csv)');
    expect(FakeUploadXhr.sent).toEqual([]);

    await choose([text('e2e_iops.csv'), text('e2e_lat.csv')]);
    expect(screen.getByTestId('evidence-upload-progress')).toHaveTextContent('3 files');
    const preview = await screen.findByTestId('evidence-preview');
    const [checked] = sentTo('/api/v1/imports/evidence/orion/check/');
    expect([...checked!.body.keys()]).toEqual(['summary', 'iops', 'lat', 'team']);
    expect(FakeUploadXhr.progress.at(-1)).toMatchObject({ loaded: 16 * 20 + 13 * 20 + 12 * 20 });

    expect(within(preview).getByRole('heading', { name: 'Preview of ORION run e2e: 3 IOPS–latency points' })).toBeInTheDocument();
    const points = within(preview).getAllByTestId('orion-point');
    expect(points.map(cells)).toEqual([
      ['1', '3,000', '0.25', "IOPS: e2e_iops.csv, line 2, column 'Small=1'Latency: e2e_lat.csv, line 2, column 'Small=1'"],
      ['2', '5,600', '0.33', "IOPS: e2e_iops.csv, line 2, column 'Small=2'Latency: e2e_lat.csv, line 2, column 'Small=2'"],
      ['4', '9,000', '0.41', "IOPS: e2e_iops.csv, line 2, column 'Small=4'Latency: e2e_lat.csv, line 2, column 'Small=4'"],
    ]);
    expect(within(preview).getByTestId('orion-iops-latency')).toHaveTextContent("Latency read in us (stated on the 'Minimum Small Latency' line (line 24))");
    expect(cells(within(preview).getByTestId('orion-run-small_io_kb'))).toEqual(['8 KB', 'e2e_summary.txt, line 8']);
    expect(cells(within(preview).getByTestId('orion-run-mode'))).toEqual(['oltp', 'e2e_summary.txt, line 4 (-run)']);
    expect(within(preview).getByTestId('orion-run-cache_size_mb')).toHaveTextContent('not in the file');
    expect(within(preview).getByTestId('orion-no-mbps')).toBeInTheDocument();
    expect(within(within(preview).getByTestId('orion-grids')).getAllByRole('row').slice(1).map(cells)).toEqual([
      ['e2e_iops.csv', 'e2e', '1, 2, 4', '0', '3', "IOPSORION's _iops.csv holds small-I/O rates in I/O per second"],
      ['e2e_lat.csv', 'e2e', '1, 2, 4', '0', '3', 'usmagnitude: the lowest latency is 250, too high for milliseconds'],
    ]);
    expect(within(preview).getByTestId('evidence-files')).toHaveTextContent('e2e_summary.txt');
    expect(within(preview).getByTestId('evidence-notes')).toHaveTextContent('No _mbps.csv was sent');
    expect(screen.queryByTestId('evidence-already-imported')).toBeNull();

    fireEvent.click(within(preview).getByRole('button', { name: 'Save evidence' }));
    expect(await screen.findByTestId('evidence-saved')).toHaveTextContent('Saved ORION run e2e (3 IOPS–latency points) for Presales A, filed under Prod array.');
    expect(screen.queryByTestId('evidence-preview')).toBeNull();
    expect(screen.queryByTestId('evidence-chosen')).toBeNull();
    expect([...sentTo('/api/v1/imports/evidence/orion/')[0]!.body.keys()]).toEqual(['summary', 'iops', 'lat', 'team']);
    const row = await screen.findByTestId('evidence-import-row');
    expect(cells(row).slice(0, 6)).toEqual(['ORION rune2e', 'Prod array', '3 IOPS–latency points', 'e2e_summary.txte2e_iops.csve2e_lat.csv', 'alice', '2026-12-03 10:15 UTC']);
  });

  it('reads Swingbench results as a users / TPS / response table with each value’s element', async () => {
    stubApi({ checks: [{ status: 200, body: swingbenchCheck() }], saves: [], imports: [], systems: [] });
    renderSection();
    fireEvent.click(await screen.findByRole('radio', { name: 'Swingbench results' }));
    await choose([text('results_8u.xml'), text('results_16u.xml')], 'Swingbench results files');
    const preview = await screen.findByTestId('evidence-preview');
    expect(sentTo('/api/v1/imports/evidence/swingbench/check/')[0]!.body.getAll('files').map((f) => (f as File).name)).toEqual(['results_8u.xml', 'results_16u.xml']);
    expect(within(preview).getByTestId('swingbench-benchmark')).toHaveTextContent('Order Entry (PLSQL) V2');
    const [first, second] = within(preview).getAllByTestId('swingbench-point');
    expect(cells(first!)).toEqual([
      '8',
      '210.5',
      '4',
      'run 1 (results_8u.xml)',
      'Users: results_8u.xml, <Configuration>/<NumberOfUsers>TPS: results_8u.xml, <Overview>/<AverageTransactionsPerSecond>Response: results_8u.xml, <TransactionResults>: 2 <AverageResponse> weighted by <TransactionCount>',
    ]);
    expect(cells(second!).slice(0, 3)).toEqual(['16', '411.52', '5.2']);
    const runs = within(preview).getAllByTestId('swingbench-run');
    expect(runs.map((r) => r.querySelector('summary')?.textContent)).toEqual(['Run 1: results_8u.xml (8 users)', 'Run 2: results_16u.xml (16 users)']);
    expect(cells(within(runs[0]!).getByTestId('swingbench-run-values-time_of_run'))).toEqual(['Apr 18, 2024 10:14:30 AM', 'results_8u.xml, <Overview>/<TimeOfRun>']);
    expect(within(runs[0]!).getByTestId('swingbench-transactions')).toHaveTextContent('Browse Products');
  });

  it('shows a refusal field by field, naming the file and the line, and offers no save', async () => {
    stubApi({
      checks: [
        {
          status: 400,
          body: {
            iops: ['e2e_iops.csv: line 2: the row for Large=0 has 3 values but the header names 4 small-I/O columns'],
            summary: ['report.pdf: this is a PDF file, not an ORION summary'],
          },
        },
      ],
      saves: [],
      imports: [],
      systems: [],
    });
    renderSection();
    await choose([text('report_summary.txt'), text('e2e_iops.csv'), text('e2e_lat.csv')]);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveAttribute('data-testid', 'evidence-check-error');
    // A list inside the alert (a list given role="alert" is no list to a screen reader).
    expect(within(alert).getByRole('list')).toBeInTheDocument();
    expect(within(alert).getAllByRole('listitem').map((li) => [li.dataset.field, li.textContent])).toEqual([
      ['iops', 'ORION IOPS grid (_iops.csv): e2e_iops.csv: line 2: the row for Large=0 has 3 values but the header names 4 small-I/O columns'],
      ['summary', 'ORION summary (_summary.txt): report.pdf: this is a PDF file, not an ORION summary'],
    ]);
    expect(screen.queryByRole('button', { name: 'Save evidence' })).toBeNull();
  });

  it('describes a new existing system (a name the team has is refused under the field) and files the upload under it', async () => {
    const check: EvidenceCheck = { ...orionCheck(), existing_import: 7 };
    const api: Api = {
      checks: [{ status: 200, body: check }],
      saves: [{ status: 200, body: created(orionImport(), true) }],
      imports: [orionImport()],
      systems: [{ ...SYSTEM, evidence_count: 1 }],
    };
    stubApi(api);
    renderSection();
    const select = await screen.findByLabelText('Existing system the files measure');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'None: not filed under a system',
      'Prod array (Pure FlashArray X70, 1 import)',
      'Describe a new system…',
    ]);
    fireEvent.change(select, { target: { value: 'new' } });
    const form = screen.getByTestId('evidence-system-form');
    fireEvent.change(within(form).getByLabelText('System name'), { target: { value: 'prod ARRAY' } });
    fireEvent.change(within(form).getByLabelText('Family'), { target: { value: 'Pure FlashArray' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save system' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent("Presales A already has an existing system named 'prod ARRAY'.");
    expect(within(form).getByLabelText('System name')).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(within(form).getByLabelText('System name'), { target: { value: 'DR array' } });
    fireEvent.change(within(form).getByLabelText('Storage model'), { target: { value: 'X20' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save system' }));
    await waitFor(() => expect(screen.queryByTestId('evidence-system-form')).toBeNull());
    await waitFor(() => expect(screen.getByLabelText('Existing system the files measure')).toHaveValue('11'));
    expect(api.systems.at(-1)).toMatchObject({ name: 'DR array', family: 'Pure FlashArray', storage_model: 'X20', description: '' });

    await choose([text('e2e_summary.txt'), text('e2e_iops.csv'), text('e2e_lat.csv')]);
    expect(await screen.findByTestId('evidence-already-imported')).toHaveTextContent('import #7');
    expect(sentTo('/api/v1/imports/evidence/orion/check/')[0]!.body.get('existing_system')).toBe('11');
    fireEvent.click(screen.getByRole('button', { name: 'Save evidence' }));
    expect(await screen.findByTestId('evidence-saved')).toHaveTextContent(
      'Already imported: the team has these files as ORION run e2e, imported 2026-12-03 10:15 UTC by alice; it is in the list below.',
    );
    expect(sentTo('/api/v1/imports/evidence/orion/')[0]!.body.get('existing_system')).toBe('11');
  });

  it("opens an import's points and provenance, and deletes it after a confirmation", async () => {
    const fetch = stubApi({ checks: [], saves: [], imports: [swingbenchImport(), orionImport()], systems: [] });
    renderSection();
    const rows = await screen.findAllByTestId('evidence-import-row');
    expect(rows.map((r) => cells(r)[0])).toEqual(['Swingbench seriesOrder Entry (PLSQL) V2', 'ORION rune2e']);
    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Open' }));
    const detail = await screen.findByTestId('evidence-detail');
    expect(within(detail).getByTestId('evidence-fact-uploaded-by')).toHaveTextContent('alice');
    expect(within(detail).getByTestId('evidence-fact-uploaded-at')).toHaveTextContent('2026-12-03 10:15 UTC');
    expect(within(detail).getByTestId('evidence-fact-system')).toHaveTextContent('Prod array');
    expect(within(detail).getByTestId('evidence-fact-sha256')).toHaveTextContent(orionListed().sha256);
    expect(within(detail).getAllByTestId('orion-point')).toHaveLength(3);

    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('group', { name: 'Confirm deleting ORION run e2e' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(screen.getAllByTestId('evidence-import-row')).toHaveLength(1));
    expect(screen.queryByTestId('evidence-detail')).toBeNull();
    // The deleted import, open until its row went, is not asked for again (a 404).
    expect(fetch.mock.calls.filter(([url, init]) => url === '/api/v1/imports/evidence/7/' && (init?.method ?? 'GET') === 'GET')).toHaveLength(1);
  });

  it('takes a file out of the set (no preview until it is complete again), and Cancel drops a preview', async () => {
    stubApi({ checks: [{ status: 200, body: orionCheck() }, { status: 200, body: orionCheck() }], saves: [], imports: [], systems: [] });
    renderSection();
    await choose([text('e2e_summary.txt'), text('e2e_iops.csv'), text('e2e_lat.csv')]);
    await screen.findByTestId('evidence-preview');
    fireEvent.click(screen.getByRole('button', { name: 'Remove e2e_lat.csv' }));
    expect(screen.queryByTestId('evidence-preview')).toBeNull();
    expect(screen.getByTestId('evidence-missing')).toHaveTextContent('Still needed before the run can be read: the latency grid (_lat.csv).');
    expect(within(screen.getByTestId('evidence-chosen')).getAllByRole('row').slice(1).map((r) => cells(r).slice(0, 2))).toEqual([
      ['Summary', 'e2e_summary.txt'],
      ['IOPS grid', 'e2e_iops.csv'],
    ]);
    await choose([text('e2e_lat.csv')]);
    expect(await screen.findByTestId('evidence-preview')).toBeInTheDocument();
    expect(sentTo('/api/v1/imports/evidence/orion/check/')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('evidence-preview')).toBeNull();
    expect(screen.queryByTestId('evidence-chosen')).toBeNull();
    expect(sentTo('/api/v1/imports/evidence/orion/')).toEqual([]);
  });

  it('keeps an import a design names, saying which design (409)', async () => {
    const detail = "Design 'Bank OLTP' (design 12) uses this evidence import: take it out of their evidence first.";
    stubApi({ deleteRefusal: { status: 409, body: { detail } }, checks: [], saves: [], imports: [orionImport()], systems: [] });
    renderSection();
    const row = await screen.findByTestId('evidence-import-row');
    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(row).getByRole('button', { name: 'Yes, delete' }));
    expect(await within(row).findByTestId('evidence-delete-error')).toHaveTextContent(detail);
    expect(screen.getAllByTestId('evidence-import-row')).toHaveLength(1);
  });

  it('shows a viewer the evidence to read, with no upload, system or delete controls', async () => {
    stubApi({ checks: [], saves: [], imports: [orionImport()], systems: [SYSTEM] });
    renderSection(false);
    const row = await screen.findByTestId('evidence-import-row');
    expect(screen.getByTestId('evidence-read-only')).toHaveTextContent("You can read Presales A's evidence; only its editors upload or delete it.");
    expect(screen.queryByTestId('evidence-upload')).toBeNull();
    expect(screen.queryByLabelText('ORION files')).toBeNull();
    expect(screen.queryByLabelText('Existing system the files measure')).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Delete' })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: 'Open' }));
    expect(await screen.findByTestId('evidence-detail')).toBeInTheDocument();
  });
});
