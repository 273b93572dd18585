/** A team's branding for its proposals' cover: GET/PATCH /api/v1/teams/{slug}/branding/. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch, readCookie } from '../../../lib/api-client';
import type { components } from '../../../lib/api-schema';

export type TeamBranding = components['schemas']['TeamBranding'];

export const brandingUrl = (slug: string) => `/api/v1/teams/${encodeURIComponent(slug)}/branding/`;
export const brandingKeys = { team: (slug: string) => ['teams', slug, 'branding'] as const };

/** What the form sends: a new name, a new logo file, or the logo removed. */
export interface BrandingChange {
  companyName?: string;
  logo?: File | null;
  clearLogo?: boolean;
}

export const useTeamBranding = (slug: string) =>
  useQuery({ queryKey: brandingKeys.team(slug), queryFn: () => apiFetch<TeamBranding>(brandingUrl(slug)) });

/** The PATCH as multipart (a logo file needs it; the API reads the name from the same form). */
export function brandingForm(change: BrandingChange): FormData {
  const form = new FormData();
  if (change.companyName !== undefined) form.append('company_name', change.companyName);
  if (change.logo) form.append('logo', change.logo);
  if (change.clearLogo) form.append('clear_logo', 'true');
  return form;
}

export async function patchBranding(slug: string, change: BrandingChange): Promise<TeamBranding> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = readCookie('csrftoken');
  if (token) headers['X-CSRFToken'] = token;
  const response = await fetch(brandingUrl(slug), {
    method: 'PATCH',
    headers,
    credentials: 'same-origin',
    body: brandingForm(change),
  });
  const text = await response.text();
  const data = parseJson(text);
  if (!response.ok) throw new ApiError(response.status, data);
  return data as TeamBranding;
}

export const useUpdateBranding = (slug: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: BrandingChange) => patchBranding(slug, change),
    onSuccess: (branding) => queryClient.setQueryData(brandingKeys.team(slug), branding),
  });
};

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
