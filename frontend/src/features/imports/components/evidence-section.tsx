import { ErrorMessage, Loading } from '../../../components/ui/status';
import { useEvidenceImports } from '../api/evidence';
import { EvidenceList } from './evidence-list';
import { EvidenceUpload } from './evidence-upload';

/** Measured evidence: the ORION runs and Swingbench series the team measured itself, each filed under one
 * of its existing systems or none. Only the team's editors upload and delete (the API answers the others
 * 403); viewers and managers read them. */
export function EvidenceSection({ team, teamName, canWrite }: { team: number | null; teamName: string; canWrite: boolean }) {
  const imports = useEvidenceImports(team);
  return (
    <section className="stack" aria-labelledby="evidence-title" data-testid="evidence-section">
      <h3 id="evidence-title">Measured evidence</h3>
      <p className="muted">
        ORION runs and Swingbench results your team measured on its own systems. Every point is shown with the file and the line or XML element it is
        read from. They are {teamName}'s alone: no other team sees them.
      </p>
      {canWrite ? (
        <EvidenceUpload team={team} />
      ) : (
        <p className="notice" data-testid="evidence-read-only">
          You can read {teamName}'s evidence; only its editors upload or delete it.
        </p>
      )}
      <section className="stack" aria-labelledby="evidence-list-title">
        <h4 id="evidence-list-title">The team's evidence imports</h4>
        {imports.isPending ? (
          <Loading what="the evidence imports" />
        ) : imports.isError ? (
          <ErrorMessage error={imports.error} />
        ) : (
          <EvidenceList items={imports.data.results} canDelete={canWrite} />
        )}
      </section>
    </section>
  );
}
