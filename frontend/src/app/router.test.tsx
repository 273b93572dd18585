import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppRouter } from './router';

/** fetch holding every request until the test answers it by URL. */
function holdRequests() {
  const pending = new Map<string, (response: Response) => void>();
  const fetch = vi.fn(
    (url: string) => new Promise<Response>((resolve) => pending.set(url, resolve)),
  );
  vi.stubGlobal('fetch', fetch);
  const answer = (url: string, status: number, body: unknown) =>
    act(async () => pending.get(url)?.(new Response(JSON.stringify(body), { status })));
  return { urls: () => fetch.mock.calls.map(([url]) => url), answer };
}

function openAt(path: string) {
  window.history.pushState({}, '', path);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AppRouter />
    </QueryClientProvider>,
  );
}

describe('the design editor route', () => {
  // The route renders once the editor's code is in (route-level lazy); in the browser the server's
  // modulepreload links fetch it with the entry script. Here the first import is a slow transform:
  // done once up front, so the tests see the route's behaviour, not the transform's time.
  beforeAll(() => import('../features/designs/components/design-editor-page'), 30_000);

  afterEach(() => {
    vi.unstubAllGlobals();
    window.history.pushState({}, '', '/');
  });

  it('asks for the design together with the session, not after it', () => {
    const server = holdRequests();
    openAt('/designs/7');
    // The session check has not answered, yet the design is already asked for.
    expect(server.urls()).toEqual(expect.arrayContaining(['/api/v1/auth/me/', '/api/v1/designs/7/']));
    expect(screen.getAllByText('Loading…').length).toBeGreaterThan(0);
    expect(screen.queryByTestId('results')).toBeNull();
  });

  it('still sends a visitor to sign-in, showing nothing of the design', async () => {
    const server = holdRequests();
    openAt('/designs/7');
    await server.answer('/api/v1/designs/7/', 403, { detail: 'Authentication credentials were not provided.' });
    expect(screen.queryByTestId('results')).toBeNull();
    await server.answer('/api/v1/auth/me/', 200, { authenticated: false });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/sign-in');
    expect(screen.queryByText(/Design not found|Authentication credentials/)).toBeNull();
  });
});
