import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Design, EvaluateRequest } from '../api/types';
import { ExportLinks } from './export-links';

const design = {
  id: 7,
  name: 'Bank core',
  revision: 4,
  permissions: ['read', 'export'],
} as unknown as Design;

const onScreen: EvaluateRequest = {
  workload: { kind: 'oltp', users: 2000 },
  platform: { family: 'oracle-fs1', storage_model: 'FS1-2', rac_nodes: 3, arrays: 2 },
  reference_configuration: 'oracle-fs1-quarter-rack',
  price_book: 2,
};

describe('export links', () => {
  const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:proposal');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    URL.createObjectURL = original.create;
    URL.revokeObjectURL = original.revoke;
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('links the saved exports and says which revision they show', () => {
    render(<ExportLinks design={design} />);
    const proposal = screen.getByRole('link', { name: 'Proposal (PDF)' });
    expect(proposal).toHaveAttribute('href', '/api/v1/designs/7/export/proposal.pdf');
    expect(screen.getByTestId('exports')).toHaveTextContent('exports revision 4');
    expect(screen.getByTestId('exports')).not.toHaveTextContent('unsaved');
  });

  it('with unsaved changes, posts the on-screen inputs and downloads the PDF the API names', async () => {
    const fetch = vi.fn(() =>
      Promise.resolve(
        new Response(new Blob(['%PDF-1.4'], { type: 'application/pdf' }), {
          status: 200,
          headers: { 'Content-Disposition': 'attachment; filename="bank-core-unsaved_rev4_2026-11-27.pdf"' },
        }),
      ),
    );
    vi.stubGlobal('fetch', fetch);
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(`${this.download} ${this.href}`);
    });
    render(<ExportLinks design={design} unsaved onScreen={onScreen} />);
    // The BOM files still export the saved revision, and say the changes are not in them.
    expect(screen.getByRole('link', { name: 'Bill of materials (CSV)' }).parentElement).toHaveTextContent(
      'exports revision 4 (unsaved changes not included)',
    );
    expect(screen.queryByRole('link', { name: 'Proposal (PDF)' })).toBeNull();
    const button = screen.getByRole('button', { name: 'Proposal (PDF), with the unsaved changes' });
    expect(button.parentElement).toHaveTextContent('exports what is on screen, marked "unsaved changes, not a saved revision"');
    fireEvent.click(button);
    await waitFor(() => expect(clicks).toEqual(['bank-core-unsaved_rev4_2026-11-27.pdf blob:proposal']));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/designs/7/export/proposal.pdf');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual(onScreen);
  });

  it('shows the API error when the proposal cannot be made', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(JSON.stringify({ detail: 'Not found.' }), { status: 404 }))));
    render(<ExportLinks design={design} unsaved onScreen={onScreen} />);
    fireEvent.click(screen.getByRole('button', { name: 'Proposal (PDF), with the unsaved changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The proposal could not be made: Not found.');
  });

  it('while a field is invalid, the on-screen proposal waits for it to be fixed', () => {
    render(<ExportLinks design={design} unsaved onScreen={null} />);
    expect(screen.getByRole('button', { name: 'Proposal (PDF), with the unsaved changes' })).toBeDisabled();
    expect(screen.getByTestId('exports')).toHaveTextContent('fix the highlighted fields to export what is on screen');
  });
});
