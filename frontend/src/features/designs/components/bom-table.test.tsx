import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { platformRegistry } from '../../../lib/platforms-fixture';
import type { Design, EvaluateRequest, EvaluationPayload, PricedBom } from '../api/types';
import type { BomOverride } from '../lib/bom';
import { quarterRack, savedQuarterRack } from '../lib/fixture';
import { BomTable } from './bom-table';
import { DesignEditor } from './design-editor';

vi.mock('react-chartjs-2', () => ({ Chart: () => <canvas />, Scatter: () => <canvas /> }));

const page = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results });
const brocade = { id: 41, part_number: '7103553', description: 'Brocade 6510 Switch', model: 'Brocade 6510', kind: 'switch' };

/** The browser's fetch: the catalog's part search answers with the Brocade switch. */
function serveParts() {
  const fetch = vi.fn((url: string) => {
    const body = url.startsWith('/api/v1/parts/') ? page(url.includes('search=7103') ? [brocade] : []) : page([]);
    return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function Harness({ bom, initial = [], errorBody, onChange }: { bom: PricedBom; initial?: BomOverride[]; errorBody?: unknown; onChange?: (o: BomOverride[]) => void }) {
  const [overrides, setOverrides] = useState<BomOverride[]>(initial);
  const change = (next: BomOverride[]) => {
    setOverrides(next);
    onChange?.(next);
  };
  return <BomTable bom={bom} editor={{ overrides, onChange: change, errorBody }} />;
}

function renderTable(props: Parameters<typeof Harness>[0]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Harness {...props} />
    </QueryClientProvider>,
  );
}

const row = (part: string) => screen.getAllByTestId('bom-line').find((r) => r.dataset.part === part)!;

describe('BOM table: overrides with a reason', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is read only without an editor (a shared link)', () => {
    render(<BomTable bom={quarterRack().bom} />);
    expect(screen.queryByRole('button', { name: /Change/ })).toBeNull();
    expect(screen.queryByTestId('bom-add-line')).toBeNull();
  });

  it('changes a quantity only with a reason, and marks the line with it', () => {
    serveParts();
    const onChange = vi.fn();
    renderTable({ bom: quarterRack().bom, onChange });
    fireEvent.click(within(row('7110353')).getByRole('button', { name: 'Change 7110353' }));
    const form = screen.getByTestId('bom-line-form');
    fireEvent.change(within(form).getByLabelText('Quantity of 7110353'), { target: { value: '48' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Apply quantity' }));
    expect(within(form).getByText(/reason is required/)).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();

    fireEvent.change(within(form).getByLabelText('Reason'), { target: { value: '384 GB per node' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Apply quantity' }));
    expect(onChange).toHaveBeenLastCalledWith([{ section: 'servers', part_number: '7110353', quantity: 48, description: '', reason: '384 GB per node' }]);
    expect(within(row('7110353')).getByTestId('override-flag')).toHaveTextContent('Overridden: 384 GB per node');
    expect(screen.getByTestId('bom-override-count')).toHaveTextContent('1 override of the generated BOM, saved with the design');
  });

  it('removes a line with a reason, lists it as removed, and undoes the removal', () => {
    serveParts();
    const onChange = vi.fn();
    const bom = quarterRack().bom;
    const { rerender } = renderTable({ bom, onChange });
    fireEvent.click(within(row('7110360')).getByRole('button', { name: 'Change 7110360' }));
    const form = screen.getByTestId('bom-line-form');
    fireEvent.change(within(form).getByLabelText('Reason'), { target: { value: 'no USB sticks on site' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Remove line' }));
    const removal: BomOverride = { section: 'servers', part_number: '7110360', quantity: 0, description: '', reason: 'no USB sticks on site' };
    expect(onChange).toHaveBeenLastCalledWith([removal]);
    // the evaluation that follows no longer lists the line: the table still shows it, struck through
    const evaluated = { ...bom, lines: bom.lines.filter((l) => l.part_number !== '7110360') };
    rerender(
      <QueryClientProvider client={new QueryClient()}>
        <Harness bom={evaluated} initial={[removal]} onChange={onChange} />
      </QueryClientProvider>,
    );
    const removed = screen.getByTestId('bom-removed-line');
    expect(removed).toHaveTextContent('Removed: no USB sticks on site');
    fireEvent.click(within(removed).getByRole('button', { name: 'Undo the removal of 7110360' }));
    expect(onChange).toHaveBeenLastCalledWith([]);
  });

  it('undoes one override of several', () => {
    serveParts();
    const onChange = vi.fn();
    const initial: BomOverride[] = [
      { section: 'servers', part_number: '7110353', quantity: 48, description: '', reason: 'more memory' },
      { section: 'servers', part_number: '7111102', quantity: 8, description: '', reason: 'spare drives' },
    ];
    renderTable({ bom: quarterRack().bom, initial, onChange });
    fireEvent.click(screen.getByRole('button', { name: 'Undo the override of 7110353' }));
    expect(onChange).toHaveBeenLastCalledWith([initial[1]]);
  });

  it('adds a catalog part found by the search, with a reason; refuses a part the catalog does not have', async () => {
    const fetch = serveParts();
    const onChange = vi.fn();
    renderTable({ bom: quarterRack().bom, onChange });
    const add = screen.getByTestId('bom-add-line');
    fireEvent.change(within(add).getByLabelText('Section'), { target: { value: 'miscellaneous' } });
    fireEvent.change(within(add).getByLabelText('Catalog part'), { target: { value: 'NOPE-1' } });
    fireEvent.change(within(add).getByLabelText('Reason'), { target: { value: 'spare' } });
    await waitFor(() => expect(fetch).toHaveBeenCalledWith(expect.stringContaining('search=NOPE-1'), expect.anything()));
    await act(async () => undefined);
    fireEvent.click(within(add).getByRole('button', { name: 'Add line' }));
    expect(within(add).getByText(/NOPE-1 is not in the catalog/)).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();

    fireEvent.change(within(add).getByLabelText('Catalog part'), { target: { value: '7103553' } });
    await waitFor(() => expect(within(add).getByTestId('bom-add-part-description')).toHaveTextContent('Brocade 6510 Switch'));
    fireEvent.change(within(add).getByLabelText('Quantity'), { target: { value: '2' } });
    fireEvent.change(within(add).getByLabelText('Reason'), { target: { value: 'a second fabric pair' } });
    fireEvent.click(within(add).getByRole('button', { name: 'Add line' }));
    expect(onChange).toHaveBeenLastCalledWith([
      { section: 'miscellaneous', part_number: '7103553', quantity: 2, description: '', reason: 'a second fabric pair' },
    ]);
  });

  it("shows the API's field-level error on the line it is about", () => {
    serveParts();
    const initial: BomOverride[] = [
      { section: 'servers', part_number: '7110353', quantity: 48, description: '', reason: 'a' },
      { section: 'servers', part_number: '7111102', quantity: 8, description: '', reason: 'b' },
    ];
    renderTable({ bom: quarterRack().bom, initial, errorBody: { bom_overrides: [{}, { quantity: ['Ensure this value is less than or equal to 100000.'] }] } });
    expect(within(row('7111102')).getByRole('alert')).toHaveTextContent('less than or equal to 100000');
    expect(within(row('7110353')).queryByRole('alert')).toBeNull();
  });
});

// ---- the editor: overrides are unsaved state, evaluated at once and saved with the design ------------

const design: Design = savedQuarterRack({
  bom_overrides: [{ section: 'servers', part_number: '7111102', quantity: 8, description: '', reason: 'spare drives' }],
});

describe('design editor: BOM overrides', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('evaluates the saved overrides, re-evaluates an edit at once and saves the overrides with the design', async () => {
    const evaluations: EvaluateRequest[] = [];
    const patches: Record<string, unknown>[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        if (url === '/api/v1/evaluate/') {
          evaluations.push(JSON.parse(String(init?.body)) as EvaluateRequest);
          const payload: EvaluationPayload = quarterRack();
          return Promise.resolve(new Response(JSON.stringify(payload), { status: 200 }));
        }
        if (url === '/api/v1/designs/7/' && init?.method === 'PATCH') {
          patches.push(JSON.parse(String(init.body)) as Record<string, unknown>);
          return Promise.resolve(new Response(JSON.stringify({ ...design, version: 2 }), { status: 200, headers: { ETag: '"design-7-v2"' } }));
        }
        const body = url === '/api/v1/platforms/' ? platformRegistry() : page([]);
        return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        {/* A data router, as the app's: the editor's unsaved-edits prompt needs one (useBlocker). */}
        <RouterProvider router={createMemoryRouter([{ path: '/', element: <DesignEditor design={design} /> }])} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(evaluations).toHaveLength(1));
    expect(evaluations[0]!.bom_overrides).toEqual(design.bom_overrides); // the saved design as saved
    // the BOM renders after the evaluation answers: under a loaded machine that is past the 1 s default
    await waitFor(() => expect(row('7111102')).toBeInTheDocument(), { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: 'Undo the override of 7111102' }));
    await waitFor(() => expect(evaluations).toHaveLength(2));
    expect(evaluations[1]!.bom_overrides).toEqual([]);

    fireEvent.click(within(row('7110353')).getByRole('button', { name: 'Change 7110353' }));
    const form = screen.getByTestId('bom-line-form');
    fireEvent.change(within(form).getByLabelText('Quantity of 7110353'), { target: { value: '48' } });
    fireEvent.change(within(form).getByLabelText('Reason'), { target: { value: '384 GB per node' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Apply quantity' }));
    const changed = [{ section: 'servers', part_number: '7110353', quantity: 48, description: '', reason: '384 GB per node' }];
    await waitFor(() => expect(evaluations.at(-1)!.bom_overrides).toEqual(changed));

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]!.bom_overrides).toEqual(changed);
  });
});
