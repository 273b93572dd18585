import { formatTimestamp } from '../../../components/format';
import { CopyButton } from '../../../components/ui/copy-button';
import { ErrorMessage } from '../../../components/ui/status';
import { useMyTeams } from '../api/my-teams';
import { useCreateShareLink, useRevokeShareLink, useShareLinks } from '../api/share-links';
import type { Design, DesignPatch } from '../api/types';
import { useUpdateDesign } from '../api/update-design';
import { can } from '../lib/permissions';

/** The full address of a read-only link (what the copy button puts on the clipboard). */
const shareUrl = (token: string) => `${window.location.origin}/shared/${token}`;

export function SharePanel({ design }: { design: Design }) {
  const isOwner = design.my_role === 'owner';
  const teams = useMyTeams();
  const update = useUpdateDesign();
  const links = useShareLinks(design.id, can(design, 'share'));
  const createLink = useCreateShareLink(design.id);
  const revoke = useRevokeShareLink(design.id);
  const current = design.visibility === 'team' && design.team ? String(design.team.id) : '';

  const setSharing = (teamId: string) => {
    const body: DesignPatch = teamId ? { visibility: 'team', team: Number(teamId) } : { visibility: 'private' };
    update.mutate({ id: design.id, etag: design.etag, body });
  };

  return (
    <div className="stack" data-testid="share">
      <div className="field">
        <label htmlFor="share-team">Visibility</label>
        <select id="share-team" value={current} disabled={!isOwner || update.isPending} onChange={(e) => setSharing(e.target.value)}>
          <option value="">Private (only me)</option>
          {(teams.data?.results ?? []).map((t) => (
            <option key={t.id} value={t.id}>
              Shared with team {t.name}
            </option>
          ))}
        </select>
        {!isOwner && <p className="hint">Only the owner ({design.owner.username}) changes who sees the design.</p>}
      </div>
      <ErrorMessage error={update.error} />
      {can(design, 'share') && (
        <div>
          <h4>Read-only links</h4>
          <p className="hint">Anyone with the link can read the design and its evaluation, without an account.</p>
          <button type="button" className="secondary small" onClick={() => createLink.mutate()} disabled={createLink.isPending}>
            Create read-only link
          </button>
          {links.isSuccess && links.data.length === 0 && <p className="hint">No active link.</p>}
          <ul className="links">
            {(links.data ?? []).map((l) => (
              <li key={l.token}>
                <code data-testid="share-link">{shareUrl(l.token)}</code> · created {formatTimestamp(l.created)}{' '}
                <CopyButton text={shareUrl(l.token)} label="Copy link" testId="copy-share-link" />{' '}
                <button type="button" className="secondary small" onClick={() => revoke.mutate(l.token)}>
                  Revoke
                </button>
              </li>
            ))}
          </ul>
          <ErrorMessage error={createLink.error ?? revoke.error} />
        </div>
      )}
    </div>
  );
}
