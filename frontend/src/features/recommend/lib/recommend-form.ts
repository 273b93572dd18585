/**
 * The Recommend page's form: text fields as typed, turned into the POST /recommend/ body and checked
 * against the published contract (zRecommendInputRequest, generated from backend/openapi.yaml). Error
 * keys are the API's dotted paths, so client and server messages land next to the same field.
 *
 * One database: the form's own workload fields, sent as `workload` (the request as it always was).
 * Several (issue 40): `databases` holds each one with its own workload, sent as `databases`.
 */
import type { FieldErrors } from '../../../lib/api-client';
import { zRecommendInputRequest } from '../../../lib/api-zod';
import type { Family, RecommendRequest, Resilience } from '../api/types';
import { databaseNameErrors, databasesOf, type DatabaseEntry } from './databases';
import { EMPTY_WORKLOAD, issuesByPath, shownWorkloadPaths, summaryLine, workloadFormFromApi, workloadOf, type WorkloadForm } from './workload-form';

export interface RecommendForm extends WorkloadForm {
  resilience: Resilience;
  families: Family[];
  /** A price book id, '' for none (ranked by size). */
  priceBook: string;
  /** [] for one database (the fields above are its workload); two or more, each with its own workload. */
  databases: DatabaseEntry[];
  /** The user's own data reduction for the clones ('' = the platform document's, else none). */
  cloneReductionRatio: string;
}

export const EMPTY_FORM: RecommendForm = {
  ...EMPTY_WORKLOAD,
  resilience: 'none',
  families: [],
  priceBook: '',
  databases: [],
  cloneReductionRatio: '',
};

/** The form for a workload passed in (a design's, through ?workload=): shown fields filled, the rest kept. */
export function formFromWorkload(workload: Record<string, unknown> | null): RecommendForm {
  if (!workload) return EMPTY_FORM;
  return { ...EMPTY_FORM, ...workloadFormFromApi(workload) };
}

/** Several databases are asked for together from two on; one is today's single-workload request. */
export const severalDatabases = (form: Pick<RecommendForm, 'databases'>): boolean => form.databases.length > 1;

export function toRequest(form: RecommendForm): RecommendRequest {
  const scope = {
    resilience: form.resilience,
    families: form.families,
    price_book: form.priceBook ? Number(form.priceBook) : null,
  };
  if (!severalDatabases(form)) return { workload: workloadOf(form), ...scope };
  const ratio = form.cloneReductionRatio.trim();
  return { databases: databasesOf(form.databases), ...(ratio ? { clone_reduction_ratio: Number(ratio) } : {}), ...scope };
}

/** The published contract's messages, by the API's dotted path ("workload.target_tps", "databases.1.workload.target_tps"). */
export function validateRequest(body: RecommendRequest): FieldErrors {
  const result = zRecommendInputRequest.safeParse(body);
  const errors = result.success ? {} : issuesByPath(result.error.issues);
  // The one contract checks a database's inputs too; names (needed, different) are the page's own check.
  return body.databases ? { ...errors, ...databaseNameErrors(body) } : errors;
}

/** Errors not next to a shown field (e.g. "give users or target_tps"), for a summary line; each database's own are beside it. */
export function otherErrors(errors: FieldErrors, form: RecommendForm): string[] {
  const several = severalDatabases(form);
  const shown = new Set(several ? [] : shownWorkloadPaths(form));
  shown.add('resilience');
  shown.add('families');
  shown.add('price_book');
  // The databases' own (as a whole, the clones' reduction, each one's) are shown with the databases.
  for (const path of ['databases', 'databases.non_field_errors', 'clone_reduction_ratio']) shown.add(path);
  return Object.entries(errors)
    .filter(([path]) => !shown.has(path) && !(several && /^databases\.\d+\./.test(path)))
    .flatMap(([path, messages]) => messages.map((m) => summaryLine(path, m)));
}
