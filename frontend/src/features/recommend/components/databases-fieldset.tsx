import type { FieldErrors } from '../../../lib/api-client';
import { NumberField } from '../../../components/ui/number-field';
import { MAX_DATABASES, addDatabase, removeDatabase, updateDatabase } from '../lib/databases';
import type { RecommendForm } from '../lib/recommend-form';
import { DatabaseFields } from './database-fields';

interface Props {
  form: RecommendForm;
  onChange: (form: RecommendForm) => void;
  errors: FieldErrors;
}

/**
 * The databases to carry: one (the workload above, with a way to add another), or several searched
 * for together, each with its own workload.
 */
export function DatabasesFieldset({ form, onChange, errors }: Props) {
  const several = form.databases.length > 1;
  const general = [...(errors.databases ?? []), ...(errors['databases.non_field_errors'] ?? [])];
  return (
    <fieldset className="stack" data-testid="recommend-databases">
      <legend>Databases{several ? ` (${form.databases.length}, carried together)` : ''}</legend>
      {!several && (
        <p className="muted small-text" data-testid="single-database-note">
          One database: the workload above. Add another to find a configuration that carries several databases together.
        </p>
      )}
      {several &&
        form.databases.map((entry, index) => (
          <DatabaseFields
            // a database is its position: its name is being edited
            key={index}
            entry={entry}
            index={index}
            errors={errors}
            onChange={(changes) => onChange(updateDatabase(form, index, changes))}
            onRemove={() => onChange(removeDatabase(form, index))}
          />
        ))}
      {several && (
        <NumberField
          label="Clone data reduction"
          unit="ratio"
          hint="Your own reduction for the clones' copies; empty: the platform document's, else none"
          value={form.cloneReductionRatio}
          min={1}
          onChange={(cloneReductionRatio) => onChange({ ...form, cloneReductionRatio })}
          errors={errors.clone_reduction_ratio}
        />
      )}
      {general.length > 0 && (
        <p className="field-error" role="alert">
          {general.join(' ')}
        </p>
      )}
      <div>
        <button type="button" className="secondary small" onClick={() => onChange(addDatabase(form))} disabled={form.databases.length >= MAX_DATABASES}>
          Add a database
        </button>
      </div>
    </fieldset>
  );
}
