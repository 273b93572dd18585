import { formatTimestamp } from '../../../components/format';
import type { EvidenceCheck, EvidenceImportCreated } from '../api/evidence-types';
import { importTitle, pointsText } from '../lib/evidence';
import { EvidenceValues } from './evidence-values';

const checkTitle = (check: EvidenceCheck): string =>
  'orion' in check
    ? importTitle({ kind: 'orion', name: check.orion.run.test_name?.value ?? null })
    : importTitle({ kind: 'swingbench', name: check.swingbench.benchmark_name });

const checkPoints = (check: EvidenceCheck): string =>
  'orion' in check ? pointsText('orion', check.orion.iops_latency.length) : pointsText('swingbench', check.swingbench.curve.length);

/** What a save answers, in words: saved for the team (under its system), or the team's import of the
 * same files. */
export function savedText(saved: EvidenceImportCreated): string {
  const title = importTitle(saved);
  if (saved.existing) {
    return `Already imported: the team has these files as ${title}, imported ${formatTimestamp(saved.uploaded_at)}${saved.uploaded_by ? ` by ${saved.uploaded_by.username}` : ''}; it is in the list below.`;
  }
  const under = saved.existing_system ? `, filed under ${saved.existing_system.name}` : '';
  return `Saved ${title} (${pointsText(saved.kind, saved.points)}) for ${saved.team.name}${under}.`;
}

/** The check's answer before anything is stored: every value with its file and line or element, then
 * Save or Cancel. */
export function EvidencePreview({
  check,
  saving,
  disabled,
  onSave,
  onCancel,
}: {
  check: EvidenceCheck;
  saving: boolean;
  disabled: boolean;
  onSave: () => void;
  onCancel: () => void;
}) {
  return (
    <section className="stack" aria-labelledby="evidence-preview-title" data-testid="evidence-preview">
      <h5 id="evidence-preview-title">
        Preview of {checkTitle(check)}: {checkPoints(check)}
      </h5>
      {check.existing_import !== null && (
        <p className="notice" data-testid="evidence-already-imported">
          Already imported: the team has these files (import #{check.existing_import}). Saving them again keeps the one import.
        </p>
      )}
      <EvidenceValues
        idPrefix="evidence-preview"
        files={check.files}
        notes={check.notes}
        orion={'orion' in check ? check.orion : null}
        swingbench={'swingbench' in check ? check.swingbench : null}
      />
      <div className="row-actions">
        <button type="button" onClick={onSave} disabled={disabled}>
          {saving ? 'Saving…' : 'Save evidence'}
        </button>
        <button type="button" className="secondary" onClick={onCancel} disabled={saving}>
          Cancel
        </button>
      </div>
    </section>
  );
}
