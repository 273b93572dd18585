import type { FormEvent } from 'react';
import type { FieldErrors } from '../../../lib/api-client';
import { SelectField } from '../../../components/ui/select-field';
import { usePlatforms } from '../../../lib/platforms';
import { usePriceBooks } from '../api/recommend';
import type { Family, Resilience } from '../api/types';
import { otherErrors, severalDatabases, type RecommendForm } from '../lib/recommend-form';
import { DatabasesFieldset } from './databases-fieldset';
import { WorkloadFields } from './workload-fields';

const RESILIENCE: { value: Resilience; label: string }[] = [
  { value: 'none', label: 'None' },
  { value: 'n+1-node', label: 'N+1 RAC node' },
  { value: 'n+1-node-and-unit', label: 'N+1 RAC node and storage unit' },
];

interface Props {
  form: RecommendForm;
  onChange: (form: RecommendForm) => void;
  errors: FieldErrors;
  pending: boolean;
  onSubmit: () => void;
}

export function RecommendFormView({ form, onChange, errors, pending, onSubmit }: Props) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const general = otherErrors(errors, form);
  return (
    <form className="card stack" onSubmit={submit} aria-label="Workload to size" aria-busy={pending}>
      {!severalDatabases(form) && <WorkloadFields workload={form} onChange={(workload) => onChange({ ...form, ...workload })} errors={errors} />}
      <DatabasesFieldset form={form} onChange={onChange} errors={errors} />
      <SearchScope form={form} onChange={onChange} errors={errors} />
      {general.length > 0 && (
        <ul className="field-error" role="alert">
          {general.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
      <div>
        <button type="submit" disabled={pending}>
          Find configurations
        </button>
      </div>
    </form>
  );
}

/** Resilience, families and price book: what is searched and how it is ranked. */
function SearchScope({ form, onChange, errors }: Pick<Props, 'form' | 'onChange' | 'errors'>) {
  const platforms = usePlatforms();
  const priceBooks = usePriceBooks();
  const toggle = (family: Family, on: boolean) =>
    onChange({ ...form, families: on ? [...form.families, family] : form.families.filter((f) => f !== family) });
  const books = priceBooks.data?.results ?? [];
  return (
    <div className="form-row wrap">
      <SelectField
        label="Resilience"
        value={form.resilience}
        options={RESILIENCE}
        onChange={(v) => onChange({ ...form, resilience: (RESILIENCE.find((r) => r.value === v) ?? RESILIENCE[0]!).value })}
        errors={errors.resilience}
      />
      <fieldset className="field">
        <legend>Families (none ticked: all)</legend>
        {(platforms.data ?? []).map((f) => (
          <label key={f.family} className="checkbox">
            <input
              type="checkbox"
              checked={form.families.includes(f.family as Family)}
              onChange={(e) => toggle(f.family as Family, e.target.checked)}
            />
            {f.label}
          </label>
        ))}
        {errors.families && <p className="field-error">{errors.families.join(' ')}</p>}
      </fieldset>
      <SelectField
        label="Price book"
        value={form.priceBook}
        options={[{ value: '', label: 'None (rank by size)' }, ...books.map((b) => ({ value: String(b.id), label: `${b.name} v${b.version} (${b.currency})` }))]}
        onChange={(v) => onChange({ ...form, priceBook: v })}
        errors={errors.price_book}
      />
    </div>
  );
}
