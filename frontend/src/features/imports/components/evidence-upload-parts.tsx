import { formatBytes } from '../lib/awr';
import { ORION_ROLES, uploadFiles, type EvidenceUpload } from '../lib/evidence';
import type { UploadProgress } from '../lib/upload';

/** The body going out (a bar), then the server reading it. */
export function EvidenceProgress({ files, progress, what }: { files: File[]; progress: UploadProgress | null; what: string }) {
  const size = files.reduce((sum, f) => sum + f.size, 0);
  const total = progress?.total ?? size;
  const loaded = Math.min(progress?.loaded ?? 0, total);
  const sent = progress !== null && loaded >= total;
  const names = files.length === 1 ? files[0]!.name : `${files.length} files`;
  return (
    <div className="upload-progress" role="status" aria-live="polite" data-testid="evidence-upload-progress">
      <progress max={total || 1} value={sent ? total || 1 : loaded} aria-label={`Upload of ${names}`} />{' '}
      {sent ? `${what} ${names} (${formatBytes(size)})…` : `Uploading ${names}: ${formatBytes(loaded)} of ${formatBytes(total)}`}
    </div>
  );
}

/** The files chosen so far, each with its role; one may be taken out. */
export function ChosenFiles({ upload, onRemove, disabled }: { upload: EvidenceUpload; onRemove: (file: File) => void; disabled: boolean }) {
  const files = uploadFiles(upload);
  if (!files.length) return null;
  const role = (file: File) => (upload.kind === 'orion' ? (ORION_ROLES.find((r) => upload.files[r.role] === file)?.label ?? '') : 'Results');
  return (
    <table className="table compact" data-testid="evidence-chosen">
      <caption>Files chosen</caption>
      <thead>
        <tr>
          <th scope="col">Role</th>
          <th scope="col">File</th>
          <th scope="col" className="num">
            Size
          </th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {files.map((file) => (
          <tr key={`${role(file)}-${file.name}`}>
            <td>{role(file)}</td>
            <td>{file.name}</td>
            <td className="num">{formatBytes(file.size)}</td>
            <td>
              <button type="button" className="secondary small" disabled={disabled} onClick={() => onRemove(file)} aria-label={`Remove ${file.name}`}>
                Remove
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
