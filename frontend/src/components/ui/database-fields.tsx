import { DATABASE_BOUNDS } from '../../lib/database-bounds';
import { NumberField } from './number-field';

interface FieldProps {
  value: string;
  onChange: (value: string) => void;
  errors?: string[];
}

/** A database's name, bounded as the API bounds it; `id` names the input and, with "-error", its errors. */
export function DatabaseNameField({ id, value, onChange, errors }: FieldProps & { id: string }) {
  return (
    <div className="field">
      <label htmlFor={id}>Name</label>
      <input
        id={id}
        value={value}
        maxLength={DATABASE_BOUNDS.name.maxLength}
        aria-invalid={Boolean(errors?.length)}
        aria-describedby={errors ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {errors && (
        <p id={`${id}-error`} className="field-error">
          {errors.join(' ')}
        </p>
      )}
    </div>
  );
}

/** A database's rank among several, 1 = the most important; empty stands for the API's default. */
export function DatabasePriorityField(props: FieldProps) {
  const { min, max, default: fallback } = DATABASE_BOUNDS.priority;
  return (
    <NumberField
      label="Priority"
      unit="1 = most important"
      min={min}
      max={max}
      step={1}
      placeholder={fallback === undefined ? undefined : String(fallback)}
      {...props}
    />
  );
}

/** How many test/dev clones of the database run on the platform too. */
export function DatabaseClonesField(props: FieldProps) {
  return <NumberField label="Clones" unit="test/dev" min={DATABASE_BOUNDS.clones.min} max={DATABASE_BOUNDS.clones.max} step={1} placeholder="0" {...props} />;
}

/** Each clone's load as a % of the database's. */
export function DatabaseCloneLoadField(props: FieldProps & { placeholder?: string }) {
  return <NumberField label="Clone load" unit="% each" min={DATABASE_BOUNDS.cloneLoadPct.min} max={DATABASE_BOUNDS.cloneLoadPct.max} {...props} />;
}
