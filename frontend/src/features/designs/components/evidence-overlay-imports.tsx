import type { EvidenceOverlay } from '../api/types';
import { importRows, type ImportUse } from '../lib/evidence-overlay';

const BADGE: Record<ImportUse, string> = { used: 'badge badge-ok', 'not-used': 'badge badge-warn', compared: 'badge' };

/** The imports the design names: which the model read, and each one's own notes. */
export function EvidenceOverlayImports({ overlay }: { overlay: EvidenceOverlay }) {
  const rows = importRows(overlay);
  if (!rows.length) return <p className="muted small-text">None of the imports the design names is the team’s any more.</p>;
  return (
    <ul aria-label="Our measurements used" data-testid="evidence-overlay-imports">
      {rows.map((r) => (
        <li key={r.id} data-testid={`overlay-import-${r.id}`}>
          <strong>{r.name}</strong> <span className="muted small-text">{[r.what, r.system].filter(Boolean).join(' · ')}</span>{' '}
          <span className={BADGE[r.use]}>{r.useText}</span>
          {r.notes.length > 0 && (
            <ul className="small-text">
              {r.notes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}
