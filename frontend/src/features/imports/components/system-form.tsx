import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useCreateExistingSystem } from '../api/evidence';
import type { ExistingSystem } from '../api/evidence-types';
import { EvidenceErrors } from './evidence-errors';

type Draft = { name: string; description: string; family: string; storage_model: string };
const EMPTY: Draft = { name: '', description: '', family: '', storage_model: '' };
const FIELDS: readonly (readonly [keyof Draft, string, string])[] = [
  ['name', 'System name', 'Unique in the team, e.g. "Prod array"'],
  ['family', 'Family', 'Free text: a family the catalog has or any other, e.g. "Pure FlashArray"'],
  ['storage_model', 'Storage model', 'Free text, e.g. "X70"'],
];

const FORM_FIELDS = new Set(['name', 'family', 'storage_model', 'description']);

/** What no field of the form shows (the team, a 403's detail, the server out of reach): said below it. */
function otherErrors(error: Error | null): Error | null {
  if (!(error instanceof ApiError)) return error;
  const fields = Object.keys(error.fieldErrors);
  if (!fields.length) return error;
  const rest = Object.entries(error.fieldErrors).filter(([f]) => !FORM_FIELDS.has(f));
  return rest.length ? new ApiError(error.status, Object.fromEntries(rest)) : null;
}

/** Describe a system the team runs: name, family and storage model in the team's words, a description.
 * A refusal is shown under the field it names (a name the team has already). */
export function SystemForm({ team, onCreated, onCancel }: { team: number | null; onCreated: (system: ExistingSystem) => void; onCancel: () => void }) {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const create = useCreateExistingSystem();
  const fieldErrors = create.error instanceof ApiError ? create.error.fieldErrors : {};
  const other = otherErrors(create.error);
  const submit = () =>
    create.mutate({ ...draft, name: draft.name.trim(), team }, { onSuccess: (system) => onCreated(system) });
  const input = (field: keyof Draft, label: string, hint: string) => {
    const errors = fieldErrors[field] ?? [];
    return (
      <div className="field" key={field}>
        <label htmlFor={`evidence-system-${field}`}>{label}</label>
        <input
          id={`evidence-system-${field}`}
          value={draft[field]}
          maxLength={120}
          aria-invalid={errors.length > 0 || undefined}
          aria-describedby={`evidence-system-${field}-hint`}
          onChange={(e) => setDraft({ ...draft, [field]: e.target.value })}
        />
        <p className="hint" id={`evidence-system-${field}-hint`}>
          {hint}
        </p>
        {errors.map((m) => (
          <p key={m} className="field-error" role="alert">
            {m}
          </p>
        ))}
      </div>
    );
  };
  const descriptionErrors = fieldErrors.description ?? [];
  return (
    <fieldset className="stack" data-testid="evidence-system-form">
      <legend>A system your team runs</legend>
      <div className="field-grid">{FIELDS.map(([field, label, hint]) => input(field, label, hint))}</div>
      <div className="field">
        <label htmlFor="evidence-system-description">Description</label>
        <textarea
          id="evidence-system-description"
          rows={2}
          maxLength={4000}
          value={draft.description}
          aria-invalid={descriptionErrors.length > 0 || undefined}
          onChange={(e) => setDraft({ ...draft, description: e.target.value })}
        />
        {descriptionErrors.map((m) => (
          <p key={m} className="field-error" role="alert">
            {m}
          </p>
        ))}
      </div>
      <EvidenceErrors error={other} testId="evidence-system-error" />
      <div className="row-actions">
        <button type="button" onClick={submit} disabled={create.isPending || !draft.name.trim()}>
          {create.isPending ? 'Saving…' : 'Save system'}
        </button>
        <button type="button" className="secondary" onClick={onCancel} disabled={create.isPending}>
          Cancel
        </button>
      </div>
    </fieldset>
  );
}
