import type { FieldErrors } from '../../../lib/api-client';
import { NumberField } from '../../../components/ui/number-field';
import { DatabaseCloneLoadField, DatabaseClonesField, DatabaseNameField, DatabasePriorityField } from '../../../components/ui/database-fields';
import { DatabaseRowControls } from '../../../components/ui/database-row-controls';
import { SelectField } from '../../../components/ui/select-field';
import { WorkloadKindSelect } from '../../../components/ui/workload-kind-select';
import type { WorkloadInput } from '../api/types';
import type { DesignForm } from '../lib/design-form';
import {
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
        <DatabaseNameField id={`database-${index}-name`} value={row.name} onChange={(value) => onRowChange({ name: value })} errors={errors(rowPath(index, 'name'))} />
        {first ? (
          <div className="field">
            <span className="label-text">Kind</span>
            <p className="small-text" title="Set in the workload panel">
              {kind === 'dss' ? 'DSS' : 'OLTP'}
            </p>
          </div>
        ) : (
          <WorkloadKindSelect label="Kind" value={row.kind} onChange={(value) => onRowChange({ kind: value })} />
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
        <DatabaseClonesField value={row.clones} onChange={(value) => onRowChange({ clones: value })} errors={errors(rowPath(index, 'clones'))} />
        <DatabaseCloneLoadField value={row.cloneLoadPct} onChange={(value) => onRowChange({ cloneLoadPct: value })} errors={errors(rowPath(index, 'clone_load_pct'))} />
        <DatabasePriorityField value={row.priority} onChange={(value) => onRowChange({ priority: value })} errors={errors(rowPath(index, 'priority'))} />
      </div>
      <DatabaseRowControls
        name={name}
        pausedMeans="left out of the evaluation"
        paused={row.paused}
        onPausedChange={(paused) => onRowChange({ paused })}
        onRemove={onRemove}
      />
      {others.length > 0 && <p className="field-error">{others.join(' ')}</p>}
    </fieldset>
  );
}
