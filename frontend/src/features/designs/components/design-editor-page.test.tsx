import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DesignEditorPage } from './design-editor-page';

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      {/* A data router, as the app's: the editor's unsaved-edits prompt needs one (useBlocker). */}
      <RouterProvider router={createMemoryRouter([{ path: 'designs/:id', element: <DesignEditorPage /> }], { initialEntries: [path] })} />
    </QueryClientProvider>,
  );
}

describe('design editor page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows not found for a route id that is not a design id, without asking the API', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderAt('/designs/abc');
    expect(screen.getByTestId('design-not-found')).toHaveTextContent('Design not found');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks the API for a numeric id', () => {
    const fetch = vi.fn(() => new Promise<Response>(() => undefined));
    vi.stubGlobal('fetch', fetch);
    renderAt('/designs/7');
    expect(screen.getByText(/Loading/)).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith(expect.stringContaining('/api/v1/designs/7/'), expect.anything());
  });
});
