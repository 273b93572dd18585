import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { platformRegistry } from '../../../lib/platforms-fixture';
import type { Design } from '../api/types';
import { quarterRack, savedQuarterRack } from '../lib/fixture';
import { DesignEditor } from './design-editor';

// jsdom has no 2D canvas for Chart.js; a chart is only its canvas here.
vi.mock('react-chartjs-2', () => ({ Chart: () => <canvas />, Scatter: () => <canvas /> }));

const design: Design = savedQuarterRack();

const viewersCopy: Design = { ...design, my_role: 'viewer', permissions: ['read'] };

const page = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results });

/** The API, answered at once: every evaluation with the fixture, the registry, empty lists. */
function serve() {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      const body = url === '/api/v1/evaluate/' ? quarterRack() : url === '/api/v1/platforms/' ? platformRegistry() : page([]);
      return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
    }),
  );
}

/** The editor at /designs/7 inside a data router (as app/router.tsx builds it), with an in-app link away. */
function openEditor(shown: Design = design) {
  serve();
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <nav>
              <Link to="/designs">Designs</Link>
            </nav>
            <Outlet />
          </>
        ),
        children: [
          { path: 'designs/7', element: <DesignEditor design={shown} /> },
          { path: 'designs', element: <h1>All designs</h1> },
        ],
      },
    ],
    { initialEntries: ['/designs/7'] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const users = () => screen.getByTestId('users');
const followDesignsLink = () => fireEvent.click(screen.getByRole('link', { name: 'Designs' }));

describe('leaving the editor with unsaved edits', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('leaves an untouched design without asking', async () => {
    const router = openEditor();
    await screen.findByTestId('users');
    followDesignsLink();
    expect(await screen.findByRole('heading', { name: 'All designs' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/designs');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('asks before an in-app link leaves an edited design: Stay keeps the edit, Leave discards it', async () => {
    const router = openEditor();
    await screen.findByTestId('users');
    fireEvent.change(users(), { target: { value: '1500' } });
    followDesignsLink();

    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription(/edits that are not saved/);
    // The safe answer has the focus; the navigation is held, the editor still there.
    expect(within(dialog).getByRole('button', { name: 'Stay' })).toHaveFocus();
    expect(router.state.location.pathname).toBe('/designs/7');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/designs/7');
    expect(users()).toHaveValue(1500);

    followDesignsLink();
    fireEvent.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    expect(await screen.findByRole('heading', { name: 'All designs' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/designs');
    expect(screen.queryByTestId('users')).toBeNull();
  });

  it('stays on Escape, and keeps Tab between its two answers', async () => {
    const router = openEditor();
    await screen.findByTestId('users');
    fireEvent.change(screen.getByLabelText('Design name'), { target: { value: 'Bank core v2' } });
    followDesignsLink();
    const dialog = await screen.findByRole('alertdialog');
    const stay = within(dialog).getByRole('button', { name: 'Stay' });
    const leave = within(dialog).getByRole('button', { name: 'Leave without saving' });
    fireEvent.keyDown(stay, { key: 'Tab' });
    expect(leave).toHaveFocus();
    fireEvent.keyDown(leave, { key: 'Tab' });
    expect(stay).toHaveFocus();
    fireEvent.keyDown(stay, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/designs/7');
    expect(screen.getByLabelText('Design name')).toHaveValue('Bank core v2');
  });

  it('does not hold a viewer, who cannot save what they try', async () => {
    const router = openEditor(viewersCopy);
    await screen.findByTestId('users');
    fireEvent.change(users(), { target: { value: '1500' } });
    followDesignsLink();
    expect(await screen.findByRole('heading', { name: 'All designs' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/designs');
  });
});
