import type { ReactNode } from 'react';
import { formatTimestamp } from '../../../components/format';
import { ErrorMessage, Loading } from '../../../components/ui/status';
import { useEvidenceImport } from '../api/evidence';
import { EvidenceValues } from './evidence-values';

/** An opened import: where it came from (team, who uploaded it and when, the system, the upload's
 * sha256), then its files and every point with its file and line or element. */
export function EvidenceDetail({ id }: { id: number }) {
  const detail = useEvidenceImport(id);
  if (detail.isPending) return <Loading what="the import's values" />;
  if (detail.isError) return <ErrorMessage error={detail.error} />;
  const item = detail.data;
  const facts: [string, string, ReactNode][] = [
    ['team', 'Team', item.team.name],
    ['uploaded-by', 'Uploaded by', item.uploaded_by?.username ?? 'a deleted user'],
    ['uploaded-at', 'Uploaded', formatTimestamp(item.uploaded_at)],
    ['system', 'Existing system', item.existing_system?.name ?? 'none'],
    ['sha256', 'SHA-256 of the upload', <code key="sha">{item.sha256}</code>],
  ];
  return (
    <div className="stack" data-testid="evidence-detail">
      <dl className="awr-facts" data-testid="evidence-provenance">
        {facts.map(([key, label, value]) => (
          <div key={key}>
            <dt>{label}</dt>
            <dd data-testid={`evidence-fact-${key}`}>{value}</dd>
          </div>
        ))}
      </dl>
      <EvidenceValues idPrefix={`evidence-import-${id}`} files={item.files} notes={item.notes} orion={item.orion} swingbench={item.swingbench} />
    </div>
  );
}
