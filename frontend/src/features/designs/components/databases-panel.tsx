import type { FieldErrors } from '../../../lib/api-client';
import { NumberField } from '../../../components/ui/number-field';
import { SelectField } from '../../../components/ui/select-field';
import type { WorkloadInput } from '../api/types';
import type { DesignForm } from '../lib/design-form';
import {
  DATABASE_BOUNDS,
  MAX_DATABASES,
  addDatabase,
  databasesErrors,
  removeDatabase,
  rowPath,
  updateRow,
  type DatabaseRow,
  type DatabasesDraft,
} from '../lib/databases';

interface Props {
  draft: DatabasesDraft;
  onChange: (draft: DatabasesDraft) => void;
  /** The design form: the first database's workload (its load and size are edited here too). */
  form: DesignForm;
  onFormChange: (form: DesignForm) => void;
  /** The form's workload as the API takes it (null while a field is invalid). */
  workload: WorkloadInput | null;
  clientErrors: FieldErrors;
  apiErrors: FieldErrors;
  readOnly?: boolean;
}

const KIND_OPTIONS = [
  { value: 'oltp', label: 'OLTP' },
  { value: 'dss', label: 'DSS' },
];

/** The databases of the design: one (said so, with a way to add another) or several sharing the platform. */
export function DatabasesPanel({ draft, onChange, form, onFormChange, workload, clientErrors, apiErrors, readOnly }: Props) {
  const errors = (path: string) => clientErrors[path] ?? apiErrors[path];
  const general = databasesErrors(apiErrors);
  const add = () => onChange(addDatabase(draft, workload));
  const several = draft.rows.length > 1;
  return (
    <fieldset className="card panel" data-testid="databases-panel">
      <legend>Databases{several ? ` (${draft.rows.length})` : ''}</legend>
      {!several && (
        <p className="muted small-text" data-testid="single-database-note">
          One database: the workload above is the whole design. Add another to size several databases sharing this platform.
        </p>
      )}
      {several &&
        draft.rows.map((row, index) => (
          <DatabaseFields
            // a row is its position: its name is being edited
            key={index}
            row={row}
            index={index}
            form={form}
            readOnly={readOnly}
            errors={errors}
            apiErrors={apiErrors}
            onRowChange={(changes) => onChange(updateRow(draft, index, changes))}
            onFormChange={onFormChange}
            onRemove={() => {
              const next = removeDatabase(draft, index, form);
              if (next.form !== form) onFormChange(next.form);
              onChange(next.draft);
            }}
          />
        ))}
      {several && (
        <NumberField
          label="Clone data reduction"
          unit="ratio"
          hint="Your own reduction for the clones' copies; empty: the platform document's, else none"
          value={draft.cloneReductionRatio}
          min={1}
          onChange={(value) => onChange({ ...draft, cloneReductionRatio: value })}
          errors={errors('clone_reduction_ratio')}
        />
      )}
      {general.length > 0 && (
        <p className="field-error" role="alert">
          {general.join(' ')}
        </p>
      )}
      {!readOnly && (
        <button type="button" className="secondary small" onClick={add} disabled={draft.rows.length >= MAX_DATABASES}>
          Add a database
        </button>
      )}
    </fieldset>
  );
}

interface RowProps {
  row: DatabaseRow;
  index: number;
  form: DesignForm;
  readOnly?: boolean;
  errors: (path: string) => string[] | undefined;
  apiErrors: FieldErrors;
  onRowChange: (changes: Partial<DatabaseRow>) => void;
  onFormChange: (form: DesignForm) => void;
  onRemove: () => void;
}

/** One database: the first one's kind, load and size are the design form's; the others' their own. */
function DatabaseFields({ row, index, form, readOnly, errors, apiErrors, onRowChange, onFormChange, onRemove }: RowProps) {
  const first = index === 0;
  const kind = first ? form.kind : row.kind;
  const loadBy = first ? form.loadBy : row.loadBy;
  const loadField = kind === 'dss' ? 'targetThroughputMbS' : loadBy === 'tps' ? 'targetTps' : 'users';
  const load = first ? form[loadField] : row.load;
  const size = first ? form.databaseSizeGb : row.sizeGb;
  const setLoad = (value: string) => (first ? onFormChange({ ...form, [loadField]: value }) : onRowChange({ load: value }));
  const setSize = (value: string) => (first ? onFormChange({ ...form, databaseSizeGb: value }) : onRowChange({ sizeGb: value }));
  const loadLabel = kind === 'dss' ? ['Target throughput', 'MB/s'] : loadBy === 'tps' ? ['Target load', 'TPS'] : ['Users', 'users'];
  const shown = new Set(['name', 'load', 'size', 'clones', 'clone_load_pct', 'priority'].map((f) => rowPath(index, f as Parameters<typeof rowPath>[1], { ...row, kind, loadBy })));
  // The API's other errors about this database (an input the row does not show), with the message alone.
  const others = Object.entries(apiErrors)
    .filter(([path]) => path.startsWith(`databases.${index}.`) && !shown.has(path))
    .flatMap(([, messages]) => messages);
  const name = row.name.trim() || `Database ${index + 1}`;
  return (
    <fieldset className="database-row" data-testid={`database-${index}`} disabled={readOnly}>
      <legend>
        Database {index + 1}
        {first && <span className="muted small-text"> (the workload above)</span>}
        {row.paused && <span className="badge badge-warn"> paused</span>}
      </legend>
      <div className="field-grid">
        <div className="field">
          <label htmlFor={`database-${index}-name`}>Name</label>
          <input
            id={`database-${index}-name`}
            value={row.name}
            maxLength={DATABASE_BOUNDS.name.maxLength}
            aria-invalid={Boolean(errors(rowPath(index, 'name'))?.length)}
            aria-describedby={errors(rowPath(index, 'name')) ? `database-${index}-name-error` : undefined}
            onChange={(e) => onRowChange({ name: e.target.value })}
          />
          {errors(rowPath(index, 'name')) && (
            <p id={`database-${index}-name-error`} className="field-error">
              {errors(rowPath(index, 'name'))?.join(' ')}
            </p>
          )}
        </div>
        {first ? (
          <div className="field">
            <span className="label-text">Kind</span>
            <p className="small-text" title="Set in the workload panel">
              {kind === 'dss' ? 'DSS' : 'OLTP'}
            </p>
          </div>
        ) : (
          <SelectField
            label="Kind"
            value={row.kind}
            options={KIND_OPTIONS}
            onChange={(value) => onRowChange({ kind: value === 'dss' ? 'dss' : 'oltp' })}
          />
        )}
        {!first && row.kind === 'oltp' && (
          <SelectField
            label="Load given as"
            value={row.loadBy}
            options={[
              { value: 'users', label: 'Users' },
              { value: 'tps', label: 'Target TPS' },
            ]}
            onChange={(value) => onRowChange({ loadBy: value === 'tps' ? 'tps' : 'users' })}
          />
        )}
        <NumberField
          label={loadLabel[0]!}
          unit={loadLabel[1]}
          value={load}
          min={0}
          onChange={setLoad}
          errors={errors(rowPath(index, 'load', { ...row, kind, loadBy }))}
        />
        <NumberField label="Database size" unit="GB" value={size} min={0} onChange={setSize} errors={errors(rowPath(index, 'size'))} />
        <NumberField
          label="Clones"
          unit="test/dev"
          value={row.clones}
          min={DATABASE_BOUNDS.clones.min}
          max={DATABASE_BOUNDS.clones.max}
          step={1}
          placeholder="0"
          onChange={(value) => onRowChange({ clones: value })}
          errors={errors(rowPath(index, 'clones'))}
        />
        <NumberField
          label="Clone load"
          unit="% each"
          value={row.cloneLoadPct}
          min={DATABASE_BOUNDS.cloneLoadPct.min}
          max={DATABASE_BOUNDS.cloneLoadPct.max}
          onChange={(value) => onRowChange({ cloneLoadPct: value })}
          errors={errors(rowPath(index, 'clone_load_pct'))}
        />
        <NumberField
          label="Priority"
          unit="1 = most important"
          value={row.priority}
          min={DATABASE_BOUNDS.priority.min}
          max={DATABASE_BOUNDS.priority.max}
          step={1}
          placeholder={DATABASE_BOUNDS.priority.default === undefined ? undefined : String(DATABASE_BOUNDS.priority.default)}
          onChange={(value) => onRowChange({ priority: value })}
          errors={errors(rowPath(index, 'priority'))}
        />
      </div>
      <div className="check-row">
        <label className="checkbox">
          <input type="checkbox" checked={row.paused} onChange={(e) => onRowChange({ paused: e.target.checked })} />
          Pause<span className="visually-hidden"> {name} (left out of the evaluation)</span>
        </label>
        <button type="button" className="secondary small" onClick={onRemove} aria-label={`Remove ${name}`}>
          Remove
        </button>
      </div>
      {others.length > 0 && <p className="field-error">{others.join(' ')}</p>}
    </fieldset>
  );
}
