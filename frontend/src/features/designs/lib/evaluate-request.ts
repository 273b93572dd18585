/** What the editor sends to POST /evaluate/ for an edited form. */
import type { Design, EvaluateRequest, PlatformInput, WorkloadInput } from '../api/types';
import type { BomOverride } from './bom';
import { cloneReductionOf, databasesOf, validateDatabases, type DatabaseInput, type DatabasesDraft } from './databases';
import { referenceConfigurationFor, toInputs, type DesignForm } from './design-form';

export interface DesignInputs {
  workload: WorkloadInput;
  platform: PlatformInput;
  reference_configuration: string | null;
  /** The editor's BOM overrides (sent to /evaluate/ and saved with the design). */
  bom_overrides?: BomOverride[];
  /** The design's databases (issue 40): [] for a design of one; the first one's workload is `workload`. */
  databases?: DatabaseInput[];
  clone_reduction_ratio?: number | null;
}

/** The form as a design's inputs; null while a field is invalid (nothing is sent then). */
export function designInputsOf(
  form: DesignForm,
  saved: Pick<Design, 'platform' | 'reference_configuration'>,
  overrides?: BomOverride[],
  databases?: DatabasesDraft,
): DesignInputs | null {
  const converted = toInputs(form);
  if (!converted) return null;
  if (databases && Object.keys(validateDatabases(databases)).length) return null;
  const reference = referenceConfigurationFor(form, { family: saved.platform.family, reference: saved.reference_configuration });
  return {
    ...converted,
    reference_configuration: reference,
    ...(overrides ? { bom_overrides: overrides } : {}),
    // Always sent with the draft: `databases: []` makes a design of several one of one again.
    ...(databases ? { databases: databasesOf(databases, converted.workload), clone_reduction_ratio: cloneReductionOf(databases) } : {}),
  };
}

export function evaluateRequestOf(inputs: DesignInputs | null, priceBook: number | null): EvaluateRequest | null {
  return inputs && { ...inputs, price_book: priceBook };
}
