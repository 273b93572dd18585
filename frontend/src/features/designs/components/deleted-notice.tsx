import { Link } from 'react-router-dom';
import { useUndeleteDesign } from '../api/undelete-design';

/** What the designs list shows after a delete: the design went to the trash, and one click undoes it. */
export function DeletedNotice({ design, onDone }: { design: { id: number; name: string }; onDone: () => void }) {
  const undelete = useUndeleteDesign();
  return (
    <div className="notice" role="status" data-testid="deleted-notice">
      “{design.name}” moved to the <Link to="/designs/trash">trash</Link>.{' '}
      <button
        type="button"
        className="secondary small"
        disabled={undelete.isPending}
        onClick={() => undelete.mutate(design.id, { onSuccess: onDone })}
      >
        Undo
      </button>{' '}
      <button type="button" className="secondary small" aria-label="Dismiss" onClick={onDone}>
        ×
      </button>
      {undelete.error && (
        <p className="field-error" role="alert">
          {undelete.error.message}
        </p>
      )}
    </div>
  );
}
