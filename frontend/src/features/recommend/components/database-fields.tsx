import type { FieldErrors } from '../../../lib/api-client';
import { DatabaseCloneLoadField, DatabaseClonesField, DatabaseNameField, DatabasePriorityField } from '../../../components/ui/database-fields';
import { DatabaseRowControls } from '../../../components/ui/database-row-controls';
import { databasePath, otherDatabaseErrors, type DatabaseEntry } from '../lib/databases';
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
        <DatabaseNameField id={nameId} value={entry.name} onChange={(name) => onChange({ name })} errors={errors[`${path}.name`]} />
        <DatabasePriorityField value={entry.priority} onChange={(priority) => onChange({ priority })} errors={errors[`${path}.priority`]} />
        <DatabaseClonesField value={entry.clones} onChange={(clones) => onChange({ clones })} errors={errors[`${path}.clones`]} />
        <DatabaseCloneLoadField
          value={entry.cloneLoadPct}
          placeholder="0"
          onChange={(cloneLoadPct) => onChange({ cloneLoadPct })}
          errors={errors[`${path}.clone_load_pct`]}
        />
      </div>
      <WorkloadFields workload={entry.workload} onChange={(workload) => onChange({ workload })} errors={errors} prefix={workloadPrefix} />
      <DatabaseRowControls
        name={shownName}
        pausedMeans="left out of the search"
        paused={entry.paused}
        onPausedChange={(paused) => onChange({ paused })}
        onRemove={onRemove}
      />
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
