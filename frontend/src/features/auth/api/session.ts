import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../lib/api-client';

export interface TeamMembership {
  id: number;
  name: string;
  slug: string;
  role: 'viewer' | 'editor';
}

export interface CurrentUser {
  authenticated: true;
  id: number;
  username: string;
  first_name?: string;
  last_name?: string;
  is_staff?: boolean;
  teams: TeamMembership[];
}

export interface Credentials {
  username: string;
  password: string;
}

/** What /auth/me/ answers: the signed-in user, or `{authenticated: false}` for a visitor. */
export type CurrentSession = CurrentUser | { authenticated: false };

/** The signed-in user, or null when anonymous. */
export async function getCurrentUser(): Promise<CurrentUser | null> {
  try {
    const session = await apiFetch<CurrentSession>('/api/v1/auth/me/');
    return session.authenticated ? session : null;
  } catch (error) {
    // A token client whose token was revoked still gets 401/403.
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return null;
    throw error;
  }
}

export const currentUserQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'me'], queryFn: getCurrentUser, staleTime: 60_000 });

export const useCurrentUser = () => useQuery(currentUserQueryOptions());

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (credentials: Credentials) => {
      // Make sure the CSRF cookie exists before the first unsafe request.
      await apiFetch('/api/v1/auth/csrf/');
      return apiFetch<CurrentUser>('/api/v1/auth/login/', { method: 'POST', body: credentials });
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries();
    },
  });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch('/api/v1/auth/logout/', { method: 'POST' }),
    onSuccess: () => {
      queryClient.clear();
    },
  });
}
