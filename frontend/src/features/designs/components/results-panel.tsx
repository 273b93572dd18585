import { memo, useDeferredValue, useEffect, useMemo, useRef } from 'react';
import type { FieldErrors } from '../../../lib/api-client';
import { Loading } from '../../../components/ui/status';
import type { EvaluationPayload, MeasuredCurve } from '../api/types';
import { measuredByNodes, measuredConfigurationFor, withMeasured } from '../lib/measured';
import { growthOf } from '../lib/capacity-chart';
import { designLoadOf, loadResponseBandsOf } from '../lib/load-response-chart';
import { unreachableDesignLoadText } from '../lib/design-load';
import { generalErrors } from '../lib/design-form';
import { overlayOf } from '../lib/evidence-overlay';
import { platformText } from '../lib/chart-heading';
import { usePlatforms } from '../../../lib/platforms';
import { AssumptionsList } from './assumptions-list';
import { BalanceChart } from './balance-chart';
import { BomTable, type BomOverridesControl } from './bom-table';
import { CapacityChart } from './capacity-chart';
import { ConsolidationSection } from './consolidation-section';
import { EvidenceOverlayPanel } from './evidence-overlay-panel';
import { FindHoldingLink } from './find-holding-link';
import { HeadlineTiles } from './headline-tiles';
import { LoadResponseChart } from './load-response-chart';
import { TargetsTable } from './targets-table';
import { WarningsList } from './warnings-list';

interface Props {
  payload: EvaluationPayload | null;
  loading: boolean;
  stale: boolean;
  error: Error | null;
  apiErrors: FieldErrors;
  racNodes: number;
  title: string;
  invalid: boolean;
  /** The measured TPS curves of the configuration the evaluation names (undefined: not read yet): the
   * points of the design's own configuration among them are drawn over the model lines. */
  measuredCurves?: MeasuredCurve[];
  /** The editor's BOM overrides (absent where the BOM is read only, e.g. a shared link). */
  bomEditor?: BomOverridesControl;
}

// Each evaluation shown gets a number of its own (payload objects are replaced, never mutated).
const evaluationNumbers = new WeakMap<EvaluationPayload, number>();
let evaluationsSeen = 0;

function evaluationKeyOf(payload: EvaluationPayload): string {
  let number = evaluationNumbers.get(payload);
  if (number === undefined) {
    number = ++evaluationsSeen;
    evaluationNumbers.set(payload, number);
  }
  return String(number);
}

/** The BOM and the assumptions, memoised: the urgent render of a new evaluation skips them (their
 * payload is still the deferred, previous one) and the deferred render draws them once. */
const BelowTheCharts = memo(function BelowTheCharts({ payload, bomEditor }: { payload: EvaluationPayload; bomEditor?: Props['bomEditor'] }) {
  return (
    <>
      <BomTable bom={payload.bom} editor={bomEditor} />
      <AssumptionsList assumptions={payload.assumptions} engine={payload.evaluation.assumptions} />
    </>
  );
});

export function ResultsPanel({ payload, loading, stale, error, apiErrors, racNodes, title, invalid, measuredCurves, bomEditor }: Props) {
  const platforms = usePlatforms();
  const general = error ? generalErrors(apiErrors) : [];
  const showGeneral = error && (general.length > 0 || Object.keys(apiErrors).length === 0);
  // data-evaluation-key names the evaluation the charts show. It is set in an effect, which runs after
  // the charts' own effects have drawn it, so a reader (the browser benchmark, the e2e tests) that sees
  // a new key sees charts already redrawn for it.
  const section = useRef<HTMLElement>(null);
  const evaluationKey = payload ? evaluationKeyOf(payload) : null;
  // The headline and the charts render first; the BOM and the assumptions (long tables, below the
  // charts) follow in a deferred render that React runs after that commit, so they do not hold up the
  // first charts of a cold load or the redraw of a what-if. Until it catches up they show the previous
  // evaluation (or nothing yet), inside the same stale wrapper.
  // On a cold load the evaluation is often in before the panel mounts: `null` first, so that it too
  // draws the charts before the tables.
  const below = useDeferredValue(payload, null);
  // The charts' inputs derived from the evaluation, made once per evaluation: the charts are memoised,
  // so a re-render that shows the same evaluation (an edit marks it stale) does not redraw them.
  const oltp = payload?.evaluation.kind === 'oltp' ? payload.evaluation : null;
  // Only the runs of the design's own configuration (storage, arrays, RAID, ASM volumes, benchmark), each
  // on the line of its node count; before the registry says the family's benchmark, none.
  const measuredConfiguration = useMemo(() => (oltp ? measuredConfigurationFor(oltp, platforms.data) : null), [oltp, platforms.data]);
  const projection = useMemo(
    () =>
      oltp && measuredCurves && measuredConfiguration
        ? withMeasured(oltp.projection, measuredByNodes(measuredCurves, measuredConfiguration))
        : oltp?.projection,
    [oltp, measuredCurves, measuredConfiguration],
  );
  const designLoad = useMemo(() => (oltp ? designLoadOf(oltp) : null), [oltp]);
  const bands = useMemo(() => (oltp ? loadResponseBandsOf(oltp) : undefined), [oltp]);
  const unreachable = oltp ? unreachableDesignLoadText(oltp.summary) : null;
  const platform = payload ? platformText(payload.evaluation.inputs.platform, platforms.data) : undefined;
  const overlay = overlayOf(payload);
  useEffect(() => {
    const element = section.current;
    if (!element) return;
    if (evaluationKey === null) delete element.dataset.evaluationKey;
    else element.dataset.evaluationKey = evaluationKey;
  }, [evaluationKey]);
  return (
    <section ref={section} className="results" aria-label="Results" aria-busy={stale} data-testid="results" data-stale={stale}>
      <div className="results-status" aria-live="polite">
        {invalid && <p className="notice">Correct the inputs marked in red to re-evaluate.</p>}
        {!invalid && stale && payload && <p className="notice stale-note">Re-evaluating… the figures below are for the previous inputs.</p>}
        {showGeneral && (
          <p className="field-error" role="alert">
            The design could not be evaluated: {general.length ? general.join(' ') : error?.message}
          </p>
        )}
      </div>
      {loading && !payload && <Loading what="the evaluation" />}
      {payload && (
        <div className={stale || error ? 'stale' : undefined}>
          {payload.consolidation && <ConsolidationSection consolidation={payload.consolidation} />}
          <HeadlineTiles payload={payload} />
          <FindHoldingLink evaluation={payload.evaluation} />
          <TargetsTable evaluation={payload.evaluation} />
          <WarningsList warnings={payload.evaluation.warnings} />
          {overlay && <EvidenceOverlayPanel overlay={overlay} />}
          {payload.evaluation.kind === 'dss' && (
            <p className="muted small-text" data-testid="dss-note">
              A DSS design is judged by the scan throughput its storage sustains (measured large-I/O reads), not by
              transactions: there is no balance or load–response chart for it.
            </p>
          )}
          <div className="chart-grid">
            {oltp && projection && (
              <>
                <BalanceChart evaluation={oltp} balance={oltp.balance} title={title} consolidation={payload.consolidation} />
                <LoadResponseChart
                  projection={projection}
                  racNodes={racNodes}
                  designLoad={designLoad}
                  bands={bands}
                  title={title}
                  platform={platform}
                  limits={oltp.summary.limits?.statement}
                  unreachable={unreachable}
                />
              </>
            )}
            <CapacityChart
              capacity={payload.evaluation.capacity}
              growthPct={growthOf(payload.evaluation).pctPerYear}
              horizonYears={growthOf(payload.evaluation).years}
              title={title}
              platform={platform}
            />
          </div>
          {below && (
            <div className="results-below" aria-busy={below !== payload}>
              <BelowTheCharts payload={below} bomEditor={bomEditor} />
            </div>
          )}
        </div>
      )}
    </section>
  );
}
