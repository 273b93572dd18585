import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client';
import { ErrorMessage } from '../../../components/ui/status';
import { usePreviewPriceBook, useUploadPriceBook } from '../api/price-books';
import { canSave, errorText, todayIso, uploadErrors } from '../lib/price-books';
import type { UploadFields } from '../lib/upload';
import { PreviewTable } from './preview-table';

const EMPTY: UploadFields = { name: '', currency: 'USD', effectiveDate: todayIso(), validUntil: '' };

/** Choose a file and the price book's fields, check (dry run), then save; Save stays disabled until the
 * preview of exactly this file and these fields has no error. */
export function UploadPanel() {
  const [fields, setFields] = useState<UploadFields>(EMPTY);
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState<{ file: File; fields: UploadFields } | null>(null);
  const preview = usePreviewPriceBook();
  const upload = useUploadPriceBook();
  const previewIsCurrent = checked !== null && checked.file === file && JSON.stringify(checked.fields) === JSON.stringify(fields);

  const check = (chosen: File | null = file) => {
    if (!chosen) return;
    upload.reset();
    setChecked({ file: chosen, fields });
    preview.mutate({ file: chosen, ...fields });
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!file || !canSave(preview.data, previewIsCurrent)) return;
    upload.mutate(
      { file, ...fields },
      {
        onSuccess: () => {
          preview.reset();
          setChecked(null);
          setFile(null);
        },
      },
    );
  };
  const set = (name: keyof UploadFields) => (e: { target: { value: string } }) => setFields({ ...fields, [name]: e.target.value });
  const saveErrors = upload.error instanceof ApiError ? uploadErrors(upload.error.body) : [];

  return (
    <form className="card stack" onSubmit={save} aria-labelledby="upload-title">
      <h3 id="upload-title">Upload a price book</h3>
      <div className="filters">
        <div className="field">
          <label htmlFor="pb-name">Name</label>
          <input id="pb-name" value={fields.name} required maxLength={120} placeholder="e.g. List prices USD" onChange={set('name')} />
          <p className="hint">The same name makes the next version.</p>
        </div>
        <div className="field">
          <label htmlFor="pb-currency">Currency</label>
          <input id="pb-currency" value={fields.currency} required maxLength={3} onChange={set('currency')} />
        </div>
        <div className="field">
          <label htmlFor="pb-valid-from">Valid from</label>
          <input id="pb-valid-from" type="date" value={fields.effectiveDate} required onChange={set('effectiveDate')} />
        </div>
        <div className="field">
          <label htmlFor="pb-valid-until">Valid until (optional)</label>
          <input id="pb-valid-until" type="date" value={fields.validUntil} onChange={set('validUntil')} />
        </div>
        <div className="field">
          <label htmlFor="pb-file">File (CSV or XLSX)</label>
          <input
            id="pb-file"
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(e) => {
              const chosen = e.target.files?.[0] ?? null;
              setFile(chosen);
              // A new file is checked at once: that is what the admin uploads it for.
              if (chosen) check(chosen);
              e.target.value = '';
            }}
          />
          {file && <p className="hint">{file.name}</p>}
        </div>
      </div>
      <div className="row-actions">
        <button type="button" className="secondary" disabled={!file || preview.isPending} onClick={() => check()}>
          {preview.isPending ? 'Checking…' : 'Check file'}
        </button>
        <button type="submit" disabled={!canSave(preview.data, previewIsCurrent) || upload.isPending}>
          {upload.isPending ? 'Saving…' : 'Save'}
        </button>
        {preview.data && !previewIsCurrent && <span className="notice">The fields changed since the check: check the file again.</span>}
      </div>
      {upload.isSuccess && (
        <p className="ok-text" role="status" data-testid="upload-saved">
          Saved {upload.data.name} v{upload.data.version} ({upload.data.entries} prices). It is retired until you activate it below.
        </p>
      )}
      {saveErrors.length > 0 ? (
        <ul className="field-error" role="alert">
          {saveErrors.map((e) => (
            <li key={`${e.row}:${e.field}:${e.message}`}>{errorText(e)}</li>
          ))}
        </ul>
      ) : (
        <ErrorMessage error={upload.error} />
      )}
      <ErrorMessage error={preview.error} />
      {preview.data && <PreviewTable preview={preview.data} />}
    </form>
  );
}
