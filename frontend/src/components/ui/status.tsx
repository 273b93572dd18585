import type { ReactNode } from 'react';

export function Loading({ what }: { what: string }) {
  return (
    <p className="muted" role="status" aria-live="polite">
      Loading {what}…
    </p>
  );
}

export function ErrorMessage({ error }: { error: Error | null }) {
  if (!error) return null;
  return (
    <p className="field-error" role="alert">
      {error.message}
    </p>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="empty">{children}</p>;
}
