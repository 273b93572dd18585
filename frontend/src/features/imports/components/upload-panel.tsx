import { useState } from 'react';
import { formatTimestamp } from '../../../components/format';
import { usePreviewAwr, useSaveAwr } from '../api/imports';
import { errorLines, formatBytes } from '../lib/awr';
import type { UploadProgress } from '../lib/upload';
import { AwrValues } from './awr-values';

/** The upload under way: a progress bar while the body goes out, then the server's reading of it. */
function Progress({ file, progress, what }: { file: File; progress: UploadProgress | null; what: string }) {
  const total = progress?.total ?? file.size;
  const loaded = Math.min(progress?.loaded ?? 0, total);
  const sent = progress !== null && loaded >= total;
  return (
    <div className="upload-progress" role="status" aria-live="polite" data-testid="upload-progress">
      <progress max={total || 1} value={sent ? total || 1 : loaded} aria-label={`Upload of ${file.name}`} />{' '}
      {sent
        ? `${what} ${file.name} (${formatBytes(file.size)})…`
        : `Uploading ${file.name}: ${formatBytes(loaded)} of ${formatBytes(total)}`}
    </div>
  );
}

function Errors({ error, testId }: { error: unknown; testId: string }) {
  const lines = errorLines(error);
  if (!lines.length) return null;
  return (
    // The alert on a wrapper: a list given role="alert" is no list (axe: listitem).
    <div role="alert" data-testid={testId}>
      <ul className="field-error">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}

/** Choose an AWR report: it is uploaded and read at once (nothing stored), its values shown with their
 * sources; Save import stores it for the team (its editors only: `canSave`), Cancel drops it. */
export function UploadPanel({ team, canSave = true }: { team: number | null; canSave?: boolean }) {
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const preview = usePreviewAwr();
  const save = useSaveAwr();

  const choose = (chosen: File | null) => {
    save.reset();
    preview.reset();
    setFile(chosen);
    if (!chosen) return;
    setProgress(null);
    preview.mutate({ file: chosen, team, onProgress: setProgress });
  };
  const cancel = () => {
    preview.reset();
    setFile(null);
    setProgress(null);
  };
  const store = () => {
    if (!file || !preview.data) return;
    setProgress(null);
    save.mutate(
      { file, team, onProgress: setProgress },
      {
        onSuccess: () => {
          preview.reset();
          setFile(null);
        },
      },
    );
  };
  const busy = preview.isPending || save.isPending;

  return (
    <section className="card stack" aria-labelledby="awr-upload-title">
      <h3 id="awr-upload-title">Import an AWR report</h3>
      <div className="field">
        <label htmlFor="awr-file">AWR report (text or HTML)</label>
        <input
          id="awr-file"
          type="file"
          accept=".txt,.html,.htm,.lst,text/plain,text/html"
          disabled={busy}
          onChange={(e) => {
            choose(e.target.files?.[0] ?? null);
            e.target.value = '';
          }}
        />
        <p className="hint">The output of awrrpt.sql (text or HTML) or awrgrpt.sql (HTML), at most 10 MB. It is read first; nothing is stored until you save it.</p>
      </div>
      {file && preview.isPending && <Progress file={file} progress={progress} what="Reading" />}
      {file && save.isPending && <Progress file={file} progress={progress} what="Saving" />}
      <Errors error={preview.error} testId="awr-preview-error" />
      {preview.data && (
        <section className="stack" aria-labelledby="awr-preview-title" data-testid="awr-preview">
          <h4 id="awr-preview-title">
            Preview of {preview.data.file_name} ({formatBytes(preview.data.size_bytes)})
          </h4>
          {preview.data.existing_import !== null && (
            <p className="notice" data-testid="already-imported">
              Already imported: the team has this file (import #{preview.data.existing_import}). Saving it again keeps the one import.
            </p>
          )}
          <AwrValues idPrefix="awr-preview" report={preview.data.report} workload={preview.data.workload} notes={preview.data.notes} />
          <div className="row-actions">
            {canSave && (
              <button type="button" onClick={store} disabled={busy}>
                {save.isPending ? 'Saving…' : 'Save import'}
              </button>
            )}
            <button type="button" className="secondary" onClick={cancel} disabled={save.isPending}>
              {canSave ? 'Cancel' : 'Close the preview'}
            </button>
          </div>
        </section>
      )}
      <Errors error={save.error} testId="awr-save-error" />
      {save.isSuccess && (
        <p className={save.data.existing ? 'notice' : 'ok-text'} role="status" data-testid="awr-saved">
          {save.data.existing
            ? `Already imported: ${save.data.file_name} was imported ${formatTimestamp(save.data.uploaded_at)}${save.data.uploaded_by ? ` by ${save.data.uploaded_by.username}` : ''}; it is in the list below.`
            : `Saved ${save.data.file_name} (${save.data.db_name ?? 'database name not printed'}) for ${save.data.team.name}.`}
        </p>
      )}
    </section>
  );
}
