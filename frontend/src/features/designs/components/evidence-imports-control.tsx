import type { FieldErrors } from '../../../lib/api-client';
import { formatTimestamp } from '../../../components/format';
import { useTeamEvidenceImports } from '../api/evidence-imports';
import type { EvidenceImportItem } from '../api/types';
import { withCalibrate, withImport, type EvidenceChoice } from '../lib/evidence-choice';

interface Props {
  team: { id: number; name: string };
  value: EvidenceChoice;
  onChange: (value: EvidenceChoice) => void;
  /** The evaluation's (or the save's) refusals of the fields: an id not the team's, calibrating on none. */
  apiErrors: FieldErrors;
}

const KIND_LABELS: Record<EvidenceImportItem['kind'], string> = { orion: 'ORION run', swingbench: 'Swingbench series' };

function importLabel(item: EvidenceImportItem): string {
  const what = `${KIND_LABELS[item.kind]}, ${item.points} ${item.kind === 'orion' ? 'points' : 'runs'}`;
  return `${item.name ?? `Import ${item.id}`} (${what}${item.existing_system ? `, ${item.existing_system.name}` : ''})`;
}

/**
 * "Our measurements": the design's team's ORION runs and Swingbench series the design is checked
 * against, and whether it is calibrated on them. Saved with the design, sent with the live evaluation.
 */
export function EvidenceImportsControl({ team, value, onChange, apiErrors }: Props) {
  const imports = useTeamEvidenceImports(team.id);
  const listed = imports.data?.results ?? [];
  // Named by the design but not listed (no longer the team's, or beyond the list's first page): shown,
  // so it can be taken out.
  const unlisted = imports.data ? value.imports.filter((id) => !listed.some((i) => i.id === id)) : [];
  const errors = Object.entries(apiErrors)
    .filter(([path]) => path === 'team' || path === 'evidence_imports' || path.startsWith('evidence_imports.'))
    .flatMap(([, messages]) => messages);
  return (
    <fieldset className="card panel" data-testid="evidence-imports-control">
      <legend>Our measurements</legend>
      <p className="muted small-text">
        {team.name}’s evidence imports (ORION runs, Swingbench series) to check the design against, besides the catalog’s evidence.
      </p>
      {imports.isPending && <p className="muted small-text">Loading the team’s imports…</p>}
      {imports.error && (
        <p className="field-error" role="alert">
          The team’s imports could not be listed: {imports.error.message}
        </p>
      )}
      {imports.data && !listed.length && !unlisted.length && (
        <p className="muted small-text" data-testid="no-evidence-imports">
          The team has no evidence imports yet (Imports: ORION and Swingbench).
        </p>
      )}
      {(listed.length > 0 || unlisted.length > 0) && (
        <div role="group" aria-label="Evidence imports">
          {listed.map((item) => (
            <div className="check-row" key={item.id}>
              <input
                id={`evidence-import-${item.id}`}
                type="checkbox"
                checked={value.imports.includes(item.id)}
                onChange={(e) => onChange(withImport(value, item.id, e.target.checked))}
              />
              <label htmlFor={`evidence-import-${item.id}`} title={`Uploaded ${formatTimestamp(item.uploaded_at)}`}>
                {importLabel(item)}
              </label>
            </div>
          ))}
          {unlisted.map((id) => (
            <div className="check-row" key={id}>
              <input id={`evidence-import-${id}`} type="checkbox" checked onChange={() => onChange(withImport(value, id, false))} />
              <label htmlFor={`evidence-import-${id}`}>Import {id} (not among the team’s imports listed)</label>
            </div>
          ))}
        </div>
      )}
      {errors.length > 0 && <p className="field-error">{errors.join(' ')}</p>}
      <div className="check-row">
        <input
          id="calibrate-on-evidence"
          type="checkbox"
          checked={value.calibrate}
          disabled={!value.imports.length}
          onChange={(e) => onChange(withCalibrate(value, e.target.checked))}
        />
        <label htmlFor="calibrate-on-evidence">Calibrate on our measurements</label>
      </div>
      <p className="muted small-text">
        {value.calibrate
          ? 'The family fits run again with these imports and the design is evaluated on them; the results show the catalog-only projection beside it.'
          : value.imports.length
            ? 'Off: the design is evaluated on the catalog’s evidence, and the imported points are compared with that model.'
            : 'Choose an import to compare it with the model, or to calibrate on it.'}
      </p>
      {apiErrors.calibrate_on_evidence && <p className="field-error">{apiErrors.calibrate_on_evidence.join(' ')}</p>}
    </fieldset>
  );
}
