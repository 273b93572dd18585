import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError, type FieldErrors } from '../../../lib/api-client';
import { ErrorMessage } from '../../../components/ui/status';
import { workloadFromSearch } from '../../../lib/recommend-link';
import { useCreateDesignFromCandidate, useMyTeams, useRecommend } from '../api/recommend';
import type { Candidate, RecommendRequest } from '../api/types';
import { designBodyFor } from '../lib/candidate-row';
import { formFromWorkload, toRequest, validateRequest, type RecommendForm } from '../lib/recommend-form';
import { RecommendFormView } from './recommend-form';
import { RecommendResults } from './recommend-results';

export function RecommendPage() {
  const [search] = useSearchParams();
  const [form, setForm] = useState<RecommendForm>(() => formFromWorkload(workloadFromSearch(search)));
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  // The request the results answer: its workload (or databases) and price book are what a created design gets.
  const [asked, setAsked] = useState<RecommendRequest | null>(null);
  const run = useRecommend();
  const create = useCreateDesignFromCandidate();
  const teams = useMyTeams();
  const navigate = useNavigate();
  const [creatingKey, setCreatingKey] = useState<string | null>(null);

  const submit = () => {
    const body = toRequest(form);
    const errors = validateRequest(body);
    setClientErrors(errors);
    if (Object.keys(errors).length) return;
    setAsked(body);
    run.mutate(body);
  };

  const createFrom = (candidate: Candidate) => {
    if (!asked) return;
    setCreatingKey(candidate.key);
    const team = teams.data?.results[0]?.id ?? null;
    create.mutate(designBodyFor(candidate, asked, team), {
      onSuccess: (design) => navigate(`/designs/${design.id}`),
      onSettled: () => setCreatingKey(null),
    });
  };

  // A database's errors by its position ("databases.1.workload.target_tps"), however the API nests them.
  // a database's errors by its position ("databases.1.workload.target_tps"), however DRF nests them
  const apiErrors = run.error instanceof ApiError ? run.error.fieldErrors : {};
  const errors = Object.keys(clientErrors).length ? clientErrors : apiErrors;
  const showRunError = run.error && !Object.keys(apiErrors).length;
  return (
    <section className="stack" aria-busy={run.isPending}>
      <h2>Recommend a configuration</h2>
      <p className="muted">
        Every platform family's configurations and sizes are searched for the workload and its targets (or for several databases carried together);
        the smallest that hold are ranked by cost (with a price book) or size.
      </p>
      <RecommendFormView form={form} onChange={setForm} errors={errors} pending={run.isPending} onSubmit={submit} />
      {run.isPending && (
        <p className="muted" role="status" aria-live="polite" data-testid="recommend-progress">
          Searching every family…
        </p>
      )}
      {showRunError && <ErrorMessage error={run.error} />}
      <ErrorMessage error={create.error} />
      {run.data && !run.isPending && <RecommendResults recommendation={run.data} onCreate={createFrom} creatingKey={creatingKey} />}
    </section>
  );
}
