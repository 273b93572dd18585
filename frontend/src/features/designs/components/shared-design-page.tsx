import { useParams } from 'react-router-dom';
import { formatTimestamp } from '../../../components/format';
import { ErrorMessage, Loading } from '../../../components/ui/status';
import { ApiError } from '../../../lib/api-client';
import { useMeasuredCurves } from '../api/measured-curves';
import { useSharedDesign } from '../api/shared-design';
import { measuredConfigurationOf, NO_CURVES } from '../lib/measured';
import { platformSummary } from '../lib/design-list';
import { ResultsPanel } from './results-panel';

/** A design opened through a read-only link: its results, nothing editable. */
export function SharedDesignPage() {
  const { token = '' } = useParams();
  const shared = useSharedDesign(token);
  const measuredConfiguration = measuredConfigurationOf(shared.data?.evaluation, shared.data?.design.reference_configuration ?? null);
  const curves = useMeasuredCurves(measuredConfiguration);
  if (shared.isPending) return <Loading what="the shared design" />;
  if (shared.error instanceof ApiError && shared.error.status === 404) {
    return (
      <p role="alert" data-testid="shared-not-found">
        This link is not valid any more: it was revoked or never existed.
      </p>
    );
  }
  if (shared.isError) return <ErrorMessage error={shared.error} />;
  const { design, evaluation } = shared.data;
  // The RAC nodes the engine evaluated (the design's, or the contract's default when it names none).
  const nodes = evaluation.evaluation.inputs.platform.rac_nodes;
  return (
    <section className="stack" data-testid="shared-design">
      <div className="card">
        <h2>{design.name}</h2>
        <p className="muted">
          {design.customer && `${design.customer} · `}
          {platformSummary({ platform: design.platform })} · {design.status} · by {design.owner} · updated{' '}
          {formatTimestamp(design.updated)}
        </p>
        <p className="notice">Read-only view shared by link.</p>
      </div>
      <ResultsPanel payload={evaluation} loading={false} stale={false} error={null} apiErrors={{}} racNodes={nodes} title={design.name} invalid={false} measuredCurves={measuredConfiguration ? curves.data?.results : NO_CURVES} />
    </section>
  );
}
