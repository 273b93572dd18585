import type { FieldErrors } from '../../../lib/api-client';
import { NumberField } from '../../../components/ui/number-field';
import { DATABASE_BOUNDS, databasePath, otherDatabaseErrors, type DatabaseEntry } from '../lib/databases';
import { shownWorkloadPaths } from '../lib/workload-form';
import { WorkloadFields } from './workload-fields';

interface Props {
  entry: DatabaseEntry;
  index: number;
  errors: FieldErrors;
  onChange: (changes: Partial<DatabaseEntry>) => void;
  onRemove: () => void;
}

/** One database of several: its name, rank, clones, pause and its own workload; errors beside each field. */
export function DatabaseFields({ entry, index, errors, onChange, onRemove }: Props) {
  const path = databasePath(index);
  const workloadPrefix = `${path}.workload`;
  const nameErrors = errors[`${path}.name`];
  const others = otherDatabaseErrors(errors, index, shownWorkloadPaths(entry.workload, workloadPrefix));
  const shownName = entry.name.trim() || `Database ${index + 1}`;
  const nameId = `recommend-database-${index}-name`;
  return (
    <fieldset className="card stack" data-testid={`recommend-database-${index}`} aria-label={shownName}>
      <legend>
        Database {index + 1}
        {entry.paused && <span className="badge badge-warn"> paused</span>}
      </legend>
      <div className="form-row wrap">
        <div className="field">
          <label htmlFor={nameId}>Name</label>
          <input
            id={nameId}
            value={entry.name}
            maxLength={DATABASE_BOUNDS.name.maxLength}
            aria-invalid={Boolean(nameErrors?.length)}
            aria-describedby={nameErrors ? `${nameId}-error` : undefined}
            onChange={(e) => onChange({ name: e.target.value })}
          />
          {nameErrors && (
            <p id={`${nameId}-error`} className="field-error">
              {nameErrors.join(' ')}
            </p>
          )}
        </div>
        <NumberField
          label="Priority"
          unit="1 = most important"
          value={entry.priority}
          min={DATABASE_BOUNDS.priority.min}
          max={DATABASE_BOUNDS.priority.max}
          step={1}
          placeholder={DATABASE_BOUNDS.priority.default === undefined ? undefined : String(DATABASE_BOUNDS.priority.default)}
          onChange={(priority) => onChange({ priority })}
          errors={errors[`${path}.priority`]}
        />
        <NumberField
          label="Clones"
          unit="test/dev"
          value={entry.clones}
          min={DATABASE_BOUNDS.clones.min}
          max={DATABASE_BOUNDS.clones.max}
          step={1}
          placeholder="0"
          onChange={(clones) => onChange({ clones })}
          errors={errors[`${path}.clones`]}
        />
        <NumberField
          label="Clone load"
          unit="% each"
          value={entry.cloneLoadPct}
          min={DATABASE_BOUNDS.cloneLoadPct.min}
          max={DATABASE_BOUNDS.cloneLoadPct.max}
          placeholder="0"
          onChange={(cloneLoadPct) => onChange({ cloneLoadPct })}
          errors={errors[`${path}.clone_load_pct`]}
        />
      </div>
      <WorkloadFields workload={entry.workload} onChange={(workload) => onChange({ workload })} errors={errors} prefix={workloadPrefix} />
      <div className="check-row">
        <label className="checkbox">
          <input type="checkbox" checked={entry.paused} onChange={(e) => onChange({ paused: e.target.checked })} />
          Pause<span className="visually-hidden"> {shownName} (left out of the search)</span>
        </label>
        <button type="button" className="secondary small" onClick={onRemove} aria-label={`Remove ${shownName}`}>
          Remove
        </button>
      </div>
      {others.length > 0 && (
        <ul className="field-error">
          {others.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
