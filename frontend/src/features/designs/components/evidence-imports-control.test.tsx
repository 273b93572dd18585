import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FieldErrors } from '../../../lib/api-client';
import { NO_EVIDENCE, type EvidenceChoice } from '../lib/evidence-choice';
import { teamEvidenceImports } from '../lib/evidence-overlay-fixture';
import { EvidenceImportsControl } from './evidence-imports-control';

const team = { id: 3, name: 'Storage team' };

function serve(body: unknown = teamEvidenceImports()) {
  const fetch = vi.fn((_url: string) => Promise.resolve(new Response(JSON.stringify(body), { status: 200 })));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderControl(initial: EvidenceChoice = NO_EVIDENCE, apiErrors: FieldErrors = {}) {
  const changes: EvidenceChoice[] = [];
  function Harness() {
    const [value, setValue] = useState(initial);
    return (
      <EvidenceImportsControl
        team={team}
        value={value}
        apiErrors={apiErrors}
        onChange={(next) => {
          changes.push(next);
          setValue(next);
        }}
      />
    );
  }
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Harness />
    </QueryClientProvider>,
  );
  return changes;
}

describe('Our measurements: the design’s team’s evidence imports', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the team’s imports and ticks the ones the design names', async () => {
    const fetch = serve();
    renderControl({ imports: [12], calibrate: false });
    const orion = await screen.findByLabelText('prod (ORION run, 5 points, Prod PS6010XV)');
    expect(fetch).toHaveBeenCalledWith('/api/v1/imports/evidence/?limit=100&team=3', expect.anything());
    expect(orion).toBeChecked();
    expect(screen.getByLabelText('Order Entry (PLSQL) V2 (Swingbench series, 3 runs, Prod PS6010XV)')).not.toBeChecked();
    expect(screen.getByLabelText('Calibrate on our measurements')).not.toBeChecked();
  });

  it('calibrates only with an import chosen; taking out the last one turns calibration off', async () => {
    serve();
    const changes = renderControl();
    const calibrate = screen.getByLabelText('Calibrate on our measurements');
    expect(calibrate).toBeDisabled();
    fireEvent.click(await screen.findByLabelText(/^Order Entry/));
    fireEvent.click(screen.getByLabelText(/^prod/));
    expect(calibrate).toBeEnabled();
    fireEvent.click(calibrate);
    expect(changes.at(-1)).toEqual({ imports: [12, 15], calibrate: true });
    expect(screen.getByText(/family fits run again with these imports/)).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText(/^prod/));
    fireEvent.click(screen.getByLabelText(/^Order Entry/));
    expect(changes.at(-1)).toEqual(NO_EVIDENCE);
    expect(calibrate).toBeDisabled();
  });

  it('shows an id the design names that the team no longer lists, so it can be taken out, and the API’s refusal', async () => {
    serve();
    const changes = renderControl({ imports: [12, 40], calibrate: false }, { evidence_imports: ["No evidence import 40 among the design's team's imports."] });
    const gone = await screen.findByLabelText('Import 40 (not among the team’s imports listed)');
    expect(screen.getByText("No evidence import 40 among the design's team's imports.")).toBeInTheDocument();
    fireEvent.click(gone);
    expect(changes.at(-1)).toEqual({ imports: [12], calibrate: false });
  });

  it('says so when the team has none', async () => {
    serve({ count: 0, next: null, previous: null, results: [] });
    renderControl();
    await waitFor(() => expect(screen.getByTestId('no-evidence-imports')).toBeInTheDocument());
  });
});
