import { QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../lib/api-client';
import { flushSync } from 'react-dom';
import type { components } from '../../../lib/api-schema';

type Schemas = components['schemas'];

export type TeamMembership = Schemas['MembershipTeam'];
export type CurrentUser = Schemas['CurrentUser'];
export type Credentials = Schemas['LoginRequest'];


/** What /auth/me/ answers: the signed-in user, or `{authenticated: false}` for a visitor. */
// The schema's AnonymousSession says `authenticated: boolean`; a visitor's is always false, which is
// what lets the SPA tell the two answers apart.
export type CurrentSession = CurrentUser | (Schemas['AnonymousSession'] & { authenticated: false });

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

const CURRENT_USER_KEY = ['auth', 'me'] as const;

export const currentUserQueryOptions = () =>
  queryOptions({ queryKey: CURRENT_USER_KEY, queryFn: getCurrentUser, staleTime: 60_000 });

/**
 * After a sign-in: the login response *is* the current user, so it becomes the session at once.
 * Refetching instead would, on a slow first page load, join the anonymous /auth/me/ request still
 * in flight (TanStack Query dedupes a refetch onto a first fetch) and send the user back to the
 * sign-in page; that request is cancelled and its answer ignored. Everything else is refetched as
 * the new user.
 */
export async function applySignedIn(queryClient: QueryClient, user: CurrentUser): Promise<void> {
  await queryClient.cancelQueries({ queryKey: CURRENT_USER_KEY });
  queryClient.setQueryData(CURRENT_USER_KEY, user);
  await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== CURRENT_USER_KEY[0] });
}

export const useCurrentUser = () => useQuery(currentUserQueryOptions());

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (credentials: Credentials) => {
      // Make sure the CSRF cookie exists before the first unsafe request.
      await apiFetch('/api/v1/auth/csrf/');
      return apiFetch<CurrentUser>('/api/v1/auth/login/', { method: 'POST', body: credentials });
    },
    onSuccess: (user) => applySignedIn(queryClient, user),
  });
}

/**
 * Sign out, then leave the page (`leave`, e.g. to the sign-in page) *before* the cache is cleared:
 * cleared first, the still-mounted page's queries refetch as the anonymous visitor and get 403s.
 * The session is marked anonymous before leaving: the sign-in page sends a signed-in visitor on to
 * the designs list, and with the old user still cached it mounted that list (a 403) before the clear.
 */
export function useSignOut(leave: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch('/api/v1/auth/logout/', { method: 'POST' }),
    onSuccess: () => {
      queryClient.setQueryData(currentUserQueryOptions().queryKey, null);
      flushSync(leave); // unmount the signed-in page now
      queryClient.clear();
    },
  });
}
