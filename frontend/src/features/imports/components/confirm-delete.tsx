import type { ReactNode } from 'react';

/** The row's inline "delete? yes / cancel" of an import list (AWR and evidence imports alike). */
export function ConfirmDelete({
  label,
  children,
  pending,
  onConfirm,
  onCancel,
}: {
  /** What is deleted, for the group's accessible name. */
  label: string;
  /** The question, in words. */
  children: ReactNode;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <span role="group" aria-label={`Confirm deleting ${label}`}>
      {children}{' '}
      <button type="button" className="danger small" disabled={pending} onClick={onConfirm}>
        Yes, delete
      </button>{' '}
      <button type="button" className="secondary small" onClick={onCancel}>
        Cancel
      </button>
    </span>
  );
}
