import type { EvidenceFile, OrionEvidence, SwingbenchEvidence } from '../api/evidence-types';
import { formatBytes } from '../lib/awr';
import { ORION_ROLES, shortSha } from '../lib/evidence';
import { OrionValues } from './orion-values';
import { SwingbenchValues } from './swingbench-values';

const roleLabel = (role: string) => ORION_ROLES.find((r) => r.role === role)?.label ?? (role === 'results' ? 'Results' : role);

/** What an upload gives: its files (size, encoding, sha256), the parser's notes, and the run's or the
 * series' values. The check's preview and an opened import both show it. */
export function EvidenceValues({
  files,
  notes,
  orion,
  swingbench,
  idPrefix,
}: {
  files: EvidenceFile[];
  notes: string[];
  orion: OrionEvidence | null;
  swingbench: SwingbenchEvidence | null;
  idPrefix: string;
}) {
  return (
    <div className="stack">
      <div className="table-scroll">
        <table className="table compact" data-testid="evidence-files">
          <caption>Files</caption>
          <thead>
            <tr>
              <th scope="col">Role</th>
              <th scope="col">File</th>
              <th scope="col" className="num">
                Size
              </th>
              <th scope="col">Encoding</th>
              <th scope="col">SHA-256</th>
            </tr>
          </thead>
          <tbody>
            {files.map((f) => (
              <tr key={`${f.role}-${f.file_name}`}>
                <td>{roleLabel(f.role)}</td>
                <td>{f.file_name}</td>
                <td className="num">{formatBytes(f.size_bytes)}</td>
                <td>{f.encoding}</td>
                <td>
                  <code className="small-text" title={f.sha256}>
                    {shortSha(f.sha256)}
                  </code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {orion && <OrionValues orion={orion} idPrefix={idPrefix} />}
      {swingbench && <SwingbenchValues swingbench={swingbench} idPrefix={idPrefix} />}
      {notes.length > 0 && (
        <section aria-labelledby={`${idPrefix}-notes-title`}>
          <h5 id={`${idPrefix}-notes-title`}>Notes</h5>
          <ul data-testid="evidence-notes">
            {notes.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
