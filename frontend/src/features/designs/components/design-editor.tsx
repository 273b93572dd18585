import { useMemo, useState } from 'react';
import { useUnsavedChangesWarning } from '../../../components/use-unsaved-changes-warning';
import { ApiError } from '../../../lib/api-client';
import { usePlatforms } from '../../../lib/platforms';
import { savedDesignRequest, useEvaluation } from '../api/evaluate-design';
import { useMeasuredCurves } from '../api/measured-curves';
import { measuredConfigurationOf, NO_CURVES } from '../lib/measured';
import type { Design } from '../api/types';
import { designLoadOf, formFromInputs, referenceConfigurationFor, validateForm, type DesignForm } from '../lib/design-form';
import { designInputsOf, evaluateRequestOf } from '../lib/evaluate-request';
import { draftOf, validateDatabases, type DatabasesDraft } from '../lib/databases';
import { evidenceChoiceOf, type EvidenceChoice } from '../lib/evidence-choice';
import { hasUnsavedChanges, metaOf } from '../lib/save';
import type { BomOverride } from '../lib/bom';
import { can } from '../lib/permissions';
import { DesignSideTabs } from './design-side-tabs';
import { PlatformPanel } from './platform-panel';
import { DatabasesPanel } from './databases-panel';
import { EvidenceImportsControl } from './evidence-imports-control';
import { ResultsPanel } from './results-panel';
import { SaveBar } from './save-bar';
import { UnsavedChangesPrompt } from './unsaved-changes-prompt';
import { WorkloadPanel } from './workload-panel';

export function DesignEditor({ design }: { design: Design }) {
  // The editor is keyed by the design's version: a save or reload starts it afresh (and clean).
  const loaded = useMemo(
    () => ({
      form: formFromInputs(design.workload, design.platform),
      meta: metaOf(design),
      overrides: design.bom_overrides,
      databases: draftOf(design),
      evidence: evidenceChoiceOf(design),
    }),
    [design],
  );
  const [form, setForm] = useState<DesignForm>(loaded.form);
  const [meta, setMeta] = useState(loaded.meta);
  const [overrides, setOverrides] = useState<BomOverride[]>(loaded.overrides);
  // The design's databases (issue 40): none listed for a design of one; the first one's workload is the form's.
  const [databases, setDatabases] = useState<DatabasesDraft>(loaded.databases);
  // The team's evidence imports the design names and "calibrate on our measurements" (issue 38).
  const [evidence, setEvidence] = useState<EvidenceChoice>(loaded.evidence);
  // Inputs validate and evaluate without the registry; only the platform choices wait for it.
  const platforms = usePlatforms();
  // Unsaved edits: the browser asks before the tab closes, the app before an in-app link leaves the page.
  const dirty = hasUnsavedChanges(loaded, { form, meta, overrides, databases, evidence }, can(design, 'edit'));
  useUnsavedChangesWarning(dirty);
  const clientErrors = validateForm(form);
  const databaseErrors = validateDatabases(databases);
  const inputs = useMemo(() => designInputsOf(form, design, overrides, databases, evidence), [form, design, overrides, databases, evidence]);
  // The measured curves follow the form's family even while a field is invalid.
  const reference = referenceConfigurationFor(form, { family: design.platform.family, reference: design.reference_configuration });
  // Every valid edit is evaluated at once, no pause after typing: the query is keyed by the request, so
  // a newer edit leaves the older request without observers and TanStack Query aborts it (its signal
  // reaches fetch). The previous result stays on screen, marked stale, until the new one arrives.
  // An invalid field makes the request null: nothing is sent for it.
  // Untouched, the design is evaluated as saved: the request the route's preload has already sent.
  const untouched =
    form === loaded.form &&
    meta.priceBook === loaded.meta.priceBook &&
    overrides === loaded.overrides &&
    databases === loaded.databases &&
    evidence === loaded.evidence;
  const request = useMemo(
    () => (untouched ? savedDesignRequest(design) : evaluateRequestOf(inputs, meta.priceBook, design.team)),
    [untouched, design, inputs, meta.priceBook],
  );
  const evaluation = useEvaluation(request);
  // the evaluation names the configuration its family measured (EqualLogic: the TPC-C test system)
  const measuredConfiguration = measuredConfigurationOf(evaluation.data, reference);
  const curves = useMeasuredCurves(measuredConfiguration);
  // No configuration to read (none in the catalog): nothing measured to draw, and the chart says so.
  const measuredCurves = measuredConfiguration ? curves.data?.results : evaluation.data ? NO_CURVES : undefined;
  const apiErrors = evaluation.error instanceof ApiError ? evaluation.error.fieldErrors : {};
  const stale = evaluation.isPlaceholderData || evaluation.isFetching;
  const designLoad = useMemo(() => designLoadOf(evaluation.data), [evaluation.data]);

  return (
    <div className="editor">
      <UnsavedChangesPrompt when={dirty} />
      <SaveBar design={design} meta={meta} onMetaChange={setMeta} inputs={inputs} />
      <div className="editor-grid">
        <div className="editor-inputs">
          <WorkloadPanel
            form={form}
            onChange={setForm}
            clientErrors={clientErrors}
            apiErrors={apiErrors}
            registry={platforms.data}
            designLoad={designLoad}
          />
          <DatabasesPanel
            draft={databases}
            onChange={setDatabases}
            form={form}
            onFormChange={setForm}
            workload={inputs?.workload ?? null}
            clientErrors={databaseErrors}
            apiErrors={apiErrors}
          />
          <PlatformPanel
            form={form}
            onChange={setForm}
            clientErrors={clientErrors}
            apiErrors={apiErrors}
            registry={platforms.data}
            registryError={platforms.error}
          />
          {design.team && <EvidenceImportsControl team={design.team} value={evidence} onChange={setEvidence} apiErrors={apiErrors} />}
          <DesignSideTabs design={design} unsaved={!untouched} onScreen={untouched ? null : request} />
        </div>
        <ResultsPanel
          payload={evaluation.data ?? null}
          loading={evaluation.isPending && request !== null}
          stale={stale}
          error={evaluation.error}
          apiErrors={apiErrors}
          racNodes={Number(form.racNodes)}
          title={meta.name}
          invalid={request === null}
          measuredCurves={measuredCurves}
          bomEditor={{
            overrides,
            onChange: setOverrides,
            readOnly: !can(design, 'edit'),
            errorBody: evaluation.error instanceof ApiError ? evaluation.error.body : undefined,
          }}
        />
      </div>
    </div>
  );
}
