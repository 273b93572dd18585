/**
 * What the editor sends to POST /evaluate/ for its form. One function for the editor and for the
 * preload that starts the first evaluation while the editor's code is still loading: both must build
 * the same request, because the request is the evaluation's query key.
 */
import type { Design, EvaluateRequest, PlatformInput, WorkloadInput } from '../api/types';
import { formFromInputs, referenceConfigurationFor, toInputs, type DesignForm } from './design-form';
import { metaOf } from './save';

export interface DesignInputs {
  workload: WorkloadInput;
  platform: PlatformInput;
  reference_configuration: string | null;
}

/** The form as a design's inputs; null while a field is invalid (nothing is sent then). */
export function designInputsOf(form: DesignForm, saved: Pick<Design, 'platform' | 'reference_configuration'>): DesignInputs | null {
  const converted = toInputs(form);
  if (!converted) return null;
  const reference = referenceConfigurationFor(form, { family: saved.platform.family, reference: saved.reference_configuration });
  return { ...converted, reference_configuration: reference };
}

export function evaluateRequestOf(inputs: DesignInputs | null, priceBook: number | null): EvaluateRequest | null {
  return inputs && { ...inputs, price_book: priceBook };
}

/** The request the editor sends first for a saved design (its form as loaded, unchanged). */
export function firstEvaluateRequest(design: Design): EvaluateRequest | null {
  const form = formFromInputs(design.workload, design.platform);
  return evaluateRequestOf(designInputsOf(form, design), metaOf(design).priceBook);
}
