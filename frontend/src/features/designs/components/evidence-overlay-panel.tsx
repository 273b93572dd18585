import type { EvidenceOverlay } from '../api/types';
import { overlaySummary } from '../lib/evidence-overlay';
import { EvidenceOverlayComparison } from './evidence-overlay-comparison';
import { EvidenceOverlayImports } from './evidence-overlay-imports';
import { EvidenceOverlayPoints } from './evidence-overlay-points';

/** A design on the team's own evidence (issue 38 point 5): before and after, the imports, their points. */
export function EvidenceOverlayPanel({ overlay }: { overlay: EvidenceOverlay }) {
  return (
    <section className="card panel" aria-labelledby="evidence-overlay-title" data-testid="evidence-overlay">
      <h3 id="evidence-overlay-title">Our measurements</h3>
      <p className="small-text" data-testid="evidence-overlay-summary">
        {overlaySummary(overlay)}
      </p>
      <EvidenceOverlayComparison overlay={overlay} />
      <EvidenceOverlayImports overlay={overlay} />
      {overlay.notes.length > 0 && (
        <ul className="small-text" aria-label="Notes on our measurements" data-testid="evidence-overlay-notes">
          {overlay.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
      <EvidenceOverlayPoints overlay={overlay} />
    </section>
  );
}
