import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TeamBranding } from '../api/branding';
import { TeamBrandingPage } from './team-branding-page';

const LOGO = 'data:image/png;base64,iVBORw0KGgo=';
const BRANDING: TeamBranding = {
  team: 'presales-a',
  team_name: 'Presales A',
  company_name: 'Northwind Systems',
  logo: LOGO,
  logo_content_type: 'image/png',
  logo_bytes: 8,
  can_edit: true,
};

const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

function stubApi(branding: TeamBranding, patch: (form: FormData) => [number, unknown]) {
  const fetch = vi.fn((url: string, init?: RequestInit) => {
    if (url !== '/api/v1/teams/presales-a/branding/') return json(404, { detail: 'Not found.' });
    if (init?.method === 'PATCH') return json(...patch(init.body as FormData));
    return json(200, branding);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderPage(slug = 'presales-a') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/teams/${slug}/branding`]}>
        <Routes>
          <Route path="/teams/:slug/branding" element={<TeamBrandingPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('team branding page', () => {
  // jsdom has no object URLs: the preview of a chosen file gets a stand-in.
  const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:chosen-logo');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    URL.createObjectURL = original.create;
    URL.revokeObjectURL = original.revoke;
    vi.unstubAllGlobals();
  });

  it('shows the saved name and logo, previews a chosen file and saves both as multipart', async () => {
    const fetch = stubApi(BRANDING, (form) => [200, { ...BRANDING, company_name: form.get('company_name'), logo: LOGO }]);
    renderPage();
    const name = await screen.findByLabelText('Company name');
    expect(name).toHaveValue('Northwind Systems');
    expect(screen.getByRole('img', { name: 'Logo of Northwind Systems' })).toHaveAttribute('src', LOGO);

    fireEvent.change(name, { target: { value: 'Northwind GmbH' } });
    const file = new File(['png'], 'logo.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Logo (PNG or JPEG)'), { target: { files: [file] } });
    expect(await screen.findByRole('img', { name: 'Logo of Northwind GmbH' })).toHaveAttribute('src', 'blob:chosen-logo');

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved');
    const [, init] = fetch.mock.calls.find(([, i]) => i?.method === 'PATCH') as unknown as [string, RequestInit];
    const form = init.body as FormData;
    expect(form.get('company_name')).toBe('Northwind GmbH');
    expect((form.get('logo') as File).name).toBe('logo.png');
    expect(form.get('clear_logo')).toBeNull();
  });

  it("puts the API's logo error on the logo field", async () => {
    stubApi(BRANDING, () => [400, { logo: ['The file is not a readable PNG or JPEG image.'] }]);
    renderPage();
    fireEvent.change(await screen.findByLabelText('Logo (PNG or JPEG)'), {
      target: { files: [new File(['text'], 'logo.png', { type: 'image/png' })] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is not a readable PNG or JPEG image.');
    expect(screen.getByLabelText('Logo (PNG or JPEG)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('removes the logo', async () => {
    const fetch = stubApi(BRANDING, () => [200, { ...BRANDING, logo: null, logo_content_type: null, logo_bytes: 0 }]);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove logo' }));
    expect(screen.getByText('No logo: the cover shows the company name only.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetch.mock.calls.some(([, i]) => i?.method === 'PATCH')).toBe(true));
    const [, init] = fetch.mock.calls.find(([, i]) => i?.method === 'PATCH') as unknown as [string, RequestInit];
    expect((init.body as FormData).get('clear_logo')).toBe('true');
  });

  it('is read-only for members who are not managers', async () => {
    stubApi({ ...BRANDING, can_edit: false }, () => [403, { detail: 'no' }]);
    renderPage();
    expect(await screen.findByLabelText('Company name')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByText(/Only the team's managers and administrators change them/)).toBeInTheDocument();
  });

  it('says so for a team the user is not in', async () => {
    stubApi(BRANDING, () => [200, BRANDING]);
    renderPage('presales-b');
    expect(await screen.findByRole('alert')).toHaveTextContent('No such team, or you are not in it.');
  });
});
