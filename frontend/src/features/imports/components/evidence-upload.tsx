import { EvidenceErrors } from './evidence-errors';
import { EvidencePreview, savedText } from './evidence-preview';
import { ChosenFiles, EvidenceProgress } from './evidence-upload-parts';
import { SystemPicker } from './system-picker';
import { useEvidenceUpload } from './use-evidence-upload';

const HINTS = {
  orion:
    "One run's <test>_summary.txt, _iops.csv and _lat.csv, and its _mbps.csv when the run has large I/O; choose them together or one after another. At most 10 MB a file.",
  swingbench: 'One results XML file a run (charbench or swingbench), several runs with rising users for a load–response curve. At most 10 MB a file.',
} as const;

/** Upload an ORION run's files or Swingbench results files: they are read at once (nothing stored) as
 * soon as the set is complete, every value shown with its file and line or element; Save stores them for
 * the team, all or nothing, under the existing system chosen. For the team's editors. */
export function EvidenceUpload({ team }: { team: number | null }) {
  const state = useEvidenceUpload(team);
  const { upload, files, missing, check, save, busy } = state;
  const kind = upload.kind;

  return (
    <section className="card stack" aria-labelledby="evidence-upload-title" data-testid="evidence-upload">
      <h4 id="evidence-upload-title">Upload an ORION run or Swingbench results</h4>
      <SystemPicker team={team} value={state.system} onChange={state.setSystem} disabled={save.isPending} />
      <fieldset>
        <legend>The files are</legend>
        <div className="radio-row">
          <label>
            <input type="radio" name="evidence-kind" checked={kind === 'orion'} disabled={busy} onChange={() => state.switchKind('orion')} /> An ORION run
          </label>
          <label>
            <input type="radio" name="evidence-kind" checked={kind === 'swingbench'} disabled={busy} onChange={() => state.switchKind('swingbench')} />{' '}
            Swingbench results
          </label>
        </div>
      </fieldset>
      <div className="field">
        <label htmlFor="evidence-files">{kind === 'orion' ? 'ORION files' : 'Swingbench results files'}</label>
        <input
          id="evidence-files"
          type="file"
          multiple
          accept={kind === 'orion' ? '.txt,.csv,text/plain,text/csv' : '.xml,application/xml,text/xml'}
          disabled={busy}
          onChange={(e) => {
            state.choose(Array.from(e.target.files ?? []));
            e.target.value = '';
          }}
        />
        <p className="hint">{HINTS[kind]} They are read first; nothing is stored until you save.</p>
      </div>
      <ChosenFiles upload={upload} onRemove={state.remove} disabled={busy} />
      {state.ignored.length > 0 && (
        <p className="notice" data-testid="evidence-ignored">
          Not read: {state.ignored.join(', ')}. An ORION run is read from its _summary.txt, _iops.csv, _mbps.csv and _lat.csv.
        </p>
      )}
      {files.length > 0 && missing.length > 0 && (
        <p className="muted" data-testid="evidence-missing">
          Still needed before the run can be read: {missing.map((r) => `the ${r.label.toLowerCase()} (${r.suffix})`).join(', ')}.
        </p>
      )}
      {check.isPending && <EvidenceProgress files={files} progress={state.progress} what="Reading" />}
      {save.isPending && <EvidenceProgress files={files} progress={state.progress} what="Saving" />}
      <EvidenceErrors error={check.error} testId="evidence-check-error" />
      {check.data && <EvidencePreview check={check.data} saving={save.isPending} disabled={busy} onSave={state.store} onCancel={state.clear} />}
      <EvidenceErrors error={save.error} testId="evidence-save-error" />
      {save.isSuccess && (
        <p className={save.data.existing ? 'notice' : 'ok-text'} role="status" data-testid="evidence-saved">
          {savedText(save.data)}
        </p>
      )}
    </section>
  );
}
