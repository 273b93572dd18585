/** What the editor sends to POST /evaluate/ for an edited form. */
import type { Design, EvaluateRequest, PlatformInput, WorkloadInput } from '../api/types';
import type { BomOverride } from './bom';
import { cloneReductionOf, databasesOf, validateDatabases, type DatabaseInput, type DatabasesDraft } from './databases';
import { referenceConfigurationFor, toInputs, type DesignForm } from './design-form';
import { evidenceFieldsOf, evidenceTeamOf, type EvidenceChoice } from './evidence-choice';

export interface DesignInputs {
  workload: WorkloadInput;
  platform: PlatformInput;
  reference_configuration: string | null;
  /** The editor's BOM overrides (sent to /evaluate/ and saved with the design). */
  bom_overrides?: BomOverride[];
  /** The design's databases (issue 40): [] for a design of one; the first one's workload is `workload`. */
  databases?: DatabaseInput[];
  clone_reduction_ratio?: number | null;
  /** The team's evidence imports the design names, and whether it is calibrated on them (issue 38):
   * sent only for a design that names some or did when loaded (evidence-choice.ts). */
  evidence_imports?: number[];
  calibrate_on_evidence?: boolean;
}

/** The form as a design's inputs; null while a field is invalid (nothing is sent then). */
export function designInputsOf(
  form: DesignForm,
  saved: Pick<Design, 'platform' | 'reference_configuration'> & Partial<Pick<Design, 'evidence_imports' | 'calibrate_on_evidence'>>,
  overrides?: BomOverride[],
  databases?: DatabasesDraft,
  evidence?: EvidenceChoice,
): DesignInputs | null {
  const converted = toInputs(form);
  if (!converted) return null;
  if (databases && Object.keys(validateDatabases(databases)).length) return null;
  const reference = referenceConfigurationFor(form, { family: saved.platform.family, reference: saved.reference_configuration });
  const evidenceFields = evidence ? evidenceFieldsOf(evidence, saved) : null;
  return {
    ...converted,
    reference_configuration: reference,
    ...(overrides ? { bom_overrides: overrides } : {}),
    // Always sent with the draft: `databases: []` makes a design of several one of one again.
    ...(databases ? { databases: databasesOf(databases, converted.workload), clone_reduction_ratio: cloneReductionOf(databases) } : {}),
    ...evidenceFields,
  };
}

/** `team`: the design's, sent with the evidence imports it names (whose they are). */
export function evaluateRequestOf(inputs: DesignInputs | null, priceBook: number | null, team?: { id: number } | null): EvaluateRequest | null {
  return inputs && { ...inputs, price_book: priceBook, ...evidenceTeamOf(inputs, team) };
}
