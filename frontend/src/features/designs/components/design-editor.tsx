import { useMemo, useState } from 'react';
import { useUnsavedChangesWarning } from '../../../components/use-unsaved-changes-warning';
import { ApiError } from '../../../lib/api-client';
import { usePlatforms } from '../../../lib/platforms';
import { savedDesignRequest, useEvaluation } from '../api/evaluate-design';
import { useMeasuredCurves } from '../api/measured-curves';
import { measuredByNodes, measuredConfigurationOf } from '../lib/measured';
import type { Design } from '../api/types';
import { designLoadOf, formFromInputs, referenceConfigurationFor, validateForm, type DesignForm } from '../lib/design-form';
import { designInputsOf, evaluateRequestOf } from '../lib/evaluate-request';
import { hasUnsavedChanges, metaOf } from '../lib/save';
import type { BomOverride } from '../lib/bom';
import { can } from '../lib/permissions';
import { DesignSideTabs } from './design-side-tabs';
import { PlatformPanel } from './platform-panel';
import { ResultsPanel } from './results-panel';
import { SaveBar } from './save-bar';
import { UnsavedChangesPrompt } from './unsaved-changes-prompt';
import { WorkloadPanel } from './workload-panel';

export function DesignEditor({ design }: { design: Design }) {
  // The editor is keyed by the design's version: a save or reload starts it afresh (and clean).
  const loaded = useMemo(
    () => ({ form: formFromInputs(design.workload, design.platform), meta: metaOf(design), overrides: design.bom_overrides }),
    [design],
  );
  const [form, setForm] = useState<DesignForm>(loaded.form);
  const [meta, setMeta] = useState(loaded.meta);
  const [overrides, setOverrides] = useState<BomOverride[]>(loaded.overrides);
  // Inputs validate and evaluate without the registry; only the platform choices wait for it.
  const platforms = usePlatforms();
  // Unsaved edits: the browser asks before the tab closes, the app before an in-app link leaves the page.
  const dirty = hasUnsavedChanges(loaded, { form, meta, overrides }, can(design, 'edit'));
  useUnsavedChangesWarning(dirty);
  const clientErrors = validateForm(form);
  const inputs = useMemo(() => designInputsOf(form, design, overrides), [form, design, overrides]);
  // The measured curves follow the form's family even while a field is invalid.
  const reference = referenceConfigurationFor(form, { family: design.platform.family, reference: design.reference_configuration });
  // Every valid edit is evaluated at once, no pause after typing: the query is keyed by the request, so
  // a newer edit leaves the older request without observers and TanStack Query aborts it (its signal
  // reaches fetch). The previous result stays on screen, marked stale, until the new one arrives.
  // An invalid field makes the request null: nothing is sent for it.
  // Untouched, the design is evaluated as saved: the request the route's preload has already sent.
  const untouched = form === loaded.form && meta.priceBook === loaded.meta.priceBook && overrides === loaded.overrides;
  const request = useMemo(
    () => (untouched ? savedDesignRequest(design) : evaluateRequestOf(inputs, meta.priceBook)),
    [untouched, design, inputs, meta.priceBook],
  );
  const evaluation = useEvaluation(request);
  // the evaluation names the configuration its family measured (EqualLogic: the TPC-C test system)
  const curves = useMeasuredCurves(measuredConfigurationOf(evaluation.data, reference));
  const measured = useMemo(() => measuredByNodes(curves.data?.results ?? []), [curves.data]);
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
          <PlatformPanel
            form={form}
            onChange={setForm}
            clientErrors={clientErrors}
            apiErrors={apiErrors}
            registry={platforms.data}
            registryError={platforms.error}
          />
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
          measured={measured}
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
