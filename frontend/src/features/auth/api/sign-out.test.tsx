import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUserQueryOptions, useSignOut } from './session';

function SignedInPage({ onFetch }: { onFetch: () => void }) {
  useQuery({ queryKey: ['designs', 'list'], queryFn: async () => (onFetch(), ['a design']) });
  return <p>signed-in page</p>;
}

function App({ onFetch, onLeave }: { onFetch: () => void; onLeave: () => void }) {
  const [signedIn, setSignedIn] = useState(true);
  const signOut = useSignOut(() => {
    onLeave();
    setSignedIn(false);
  });
  return signedIn ? (
    <>
      <SignedInPage onFetch={onFetch} />
      <button type="button" onClick={() => signOut.mutate()}>
        Sign out
      </button>
    </>
  ) : (
    <p>sign-in page</p>
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('useSignOut', () => {
  it('leaves the signed-in page before clearing the cache, so its queries never refetch anonymously', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status: 204 })));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const onFetch = vi.fn();
    let pageDataWhenLeaving = false;
    let userWhenLeaving: unknown = 'not asked';
    const onLeave = () => {
      pageDataWhenLeaving = client.getQueryCache().find({ queryKey: ['designs', 'list'] }) !== undefined;
      userWhenLeaving = client.getQueryData(currentUserQueryOptions().queryKey);
    };
    render(
      <QueryClientProvider client={client}>
        <App onFetch={onFetch} onLeave={onLeave} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(onFetch).toHaveBeenCalledTimes(1));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign out' })));
    await screen.findByText('sign-in page');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(pageDataWhenLeaving).toBe(true); // the page left while its data was still there ...
    // ... with the session already anonymous, so the sign-in page does not send it on to a signed-in page
    expect(userWhenLeaving).toBeNull();
    expect(client.getQueryCache().getAll()).toHaveLength(0); // ... and only then was the cache cleared
    expect(onFetch).toHaveBeenCalledTimes(1); // no refetch as the anonymous visitor
  });
});
