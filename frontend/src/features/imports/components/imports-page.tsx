import { useState } from 'react';
import { ErrorMessage, Loading } from '../../../components/ui/status';
import { useAwrImports, useMyTeams } from '../api/imports';
import type { DesignMaker } from './create-design-form';
import { EvidenceSection } from './evidence-section';
import { ImportList } from './import-list';
import { UploadPanel } from './upload-panel';

export type { DesignMaker } from './create-design-form';

/** Measurements: a team's AWR reports, each read with its sources, stored, and made into a design. */
export function ImportsPage({ designMaker }: { designMaker: DesignMaker }) {
  const teams = useMyTeams();
  const [picked, setPicked] = useState<number | null>(null);
  const mine = teams.data?.results ?? [];
  const team = picked ?? mine[0]?.id ?? null;
  const imports = useAwrImports(team, teams.isSuccess);
  // Only the team's editors save or delete its imports (imports/permissions.py; the API answers the
  // others 403): viewers and managers read them and may preview a report, nothing more.
  const role = mine.find((t) => t.id === team)?.role ?? null;
  const canWrite = role === 'editor';

  return (
    <div className="page stack">
      <div className="page-head">
        <h2>Measurements</h2>
      </div>
      <p className="muted">
        Import an Oracle AWR report of the database to size: every value it gives is shown with the section, row and line it is read from. A saved
        import is the team's, and a design made from it runs the measured workload. Below it, the team's measured evidence: ORION runs and Swingbench
        results of its own systems, each value with the file and line or element it is read from.
      </p>
      {teams.isPending ? (
        <Loading what="your teams" />
      ) : teams.isError ? (
        <ErrorMessage error={teams.error} />
      ) : mine.length === 0 ? (
        <p role="alert">You are in no team: an import belongs to a team. Ask an administrator to add you to one.</p>
      ) : (
        <>
          {mine.length > 1 && (
            <div className="field">
              <label htmlFor="awr-team">Team</label>
              <select id="awr-team" value={team ?? ''} onChange={(e) => setPicked(Number(e.target.value))}>
                {mine.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name}
                  </option>
                ))}
              </select>
            </div>
          )}
          {!canWrite && (
            <p className="notice" data-testid="imports-read-only">
              You are {role ? `a ${role}` : 'not an editor'} of {mine.find((t) => t.id === team)?.name ?? 'this team'}: you can read its imports and
              preview a report, but only the team's editors save or delete imports.
            </p>
          )}
          <UploadPanel key={team} team={team} canSave={canWrite} />
          <section className="stack" aria-labelledby="awr-list-title">
            <h3 id="awr-list-title">The team's AWR imports</h3>
            {imports.isPending ? (
              <Loading what="the imports" />
            ) : imports.isError ? (
              <ErrorMessage error={imports.error} />
            ) : (
              <ImportList items={imports.data.results} maker={designMaker} canDelete={canWrite} />
            )}
          </section>
          <EvidenceSection key={`evidence-${team}`} team={team} teamName={mine.find((t) => t.id === team)?.name ?? 'your team'} canWrite={canWrite} />
        </>
      )}
    </div>
  );
}
