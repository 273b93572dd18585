import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applySignedIn, type CurrentUser } from './session';

const alice: CurrentUser = { authenticated: true, id: 1, username: 'alice', first_name: '', last_name: '', is_staff: false, teams: [] };

describe('applySignedIn', () => {
  it('keeps the signed-in user even when the first, anonymous session probe answers later', async () => {
    const client = new QueryClient();
    let answerProbe: (value: CurrentUser | null) => void = () => undefined;
    // The page's first /auth/me/ is still in flight (slow server) when the sign-in succeeds.
    const probe = client.fetchQuery({
      queryKey: ['auth', 'me'],
      queryFn: () => new Promise<CurrentUser | null>((resolve) => (answerProbe = resolve)),
    });
    await applySignedIn(client, alice);
    answerProbe(null);
    await probe.catch(() => undefined);
    expect(client.getQueryData(['auth', 'me'])).toEqual(alice);
  });

  it('refetches the other queries as the new user', async () => {
    const client = new QueryClient();
    client.setQueryData(['designs', 'list'], ['stale']);
    await applySignedIn(client, alice);
    expect(client.getQueryState(['designs', 'list'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['auth', 'me'])?.isInvalidated).toBe(false);
  });
});
