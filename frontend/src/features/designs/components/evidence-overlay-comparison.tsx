import type { EvidenceOverlay } from '../api/types';
import { comparisonRows, type ChangeTone } from '../lib/evidence-overlay';

const BADGE: Record<ChangeTone, string> = { better: 'badge badge-ok', worse: 'badge badge-bad', same: 'badge', neutral: 'muted' };

/** The headline on the catalog's evidence alone beside this evaluation's, and the difference. */
export function EvidenceOverlayComparison({ overlay }: { overlay: EvidenceOverlay }) {
  const rows = comparisonRows(overlay);
  return (
    <table className="table compact" data-testid="evidence-overlay-comparison">
      <caption className="muted small-text">
        {overlay.recalibrated ? 'Before and after: the catalog’s evidence alone, and with our measurements' : 'The catalog’s evidence alone (not calibrated on our measurements)'}
      </caption>
      <thead>
        <tr>
          <th scope="col">Figure</th>
          <th scope="col" className="num">
            Catalog only
          </th>
          <th scope="col" className="num">
            {overlay.recalibrated ? 'Calibrated' : 'This evaluation'}
          </th>
          <th scope="col" className="num">
            Difference
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key} data-testid={`overlay-figure-${r.key}`}>
            <th scope="row">{r.label}</th>
            <td className="num nowrap">{r.catalog}</td>
            <td className="num nowrap">{r.calibrated}</td>
            <td className="num nowrap">
              {r.key === 'verdict' ? (
                <span className={BADGE[r.tone]}>{r.change}</span>
              ) : (
                <>
                  {r.change}
                  {r.pct && <span className="muted"> ({r.pct})</span>}
                </>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
