import type { EvidenceOverlay } from '../api/types';
import { pointRows, pointsSummary, type PointRow } from '../lib/evidence-overlay';

const ERROR_CLASS: Record<PointRow['errorTone'], string> = { close: 'ok-text', off: '', far: 'field-error', none: 'muted' };

/** Every imported point against the model's prediction there, and what the error bands are based on. */
export function EvidenceOverlayPoints({ overlay }: { overlay: EvidenceOverlay }) {
  const rows = pointRows(overlay);
  return (
    <>
      {rows.length > 0 ? (
        <table className="table compact" data-testid="evidence-overlay-points">
          <caption className="muted small-text">Imported points against {overlay.validation.on}: {pointsSummary(overlay)}</caption>
          <thead>
            <tr>
              <th scope="col">Import</th>
              <th scope="col">Measured at</th>
              <th scope="col">Quantity</th>
              <th scope="col" className="num">
                Measured
              </th>
              <th scope="col" className="num">
                Predicted
              </th>
              <th scope="col" className="num">
                Error
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key} data-testid="overlay-point">
                <td>
                  {r.importName}
                  <div className="muted small-text">{r.source}</div>
                </td>
                <td>{r.at}</td>
                <td>{r.quantity}</td>
                <td className="num nowrap">{r.measured}</td>
                <td className="num nowrap" title={r.note || undefined}>
                  {r.predicted}
                  {r.note && <div className="muted small-text">{r.note}</div>}
                </td>
                <td className={`num nowrap ${ERROR_CLASS[r.errorTone]}`.trim()}>{r.error}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="muted small-text">The imports have no points to compare with the model.</p>
      )}
      <p className="muted small-text" data-testid="evidence-overlay-error-bands">
        {overlay.validation.error_bands}
      </p>
    </>
  );
}
