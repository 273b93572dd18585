import { useId } from 'react';

interface NumberFieldProps {
  label: string;
  unit?: string;
  value: string;
  onChange: (value: string) => void;
  errors?: string[];
  hint?: string;
  min?: number;
  max?: number;
  step?: number | 'any';
  placeholder?: string;
  testId?: string;
}

/** A labelled numeric input with its unit and the errors (client or API) that concern it. */
export function NumberField(props: NumberFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const invalid = Boolean(props.errors?.length);
  const describedBy = [invalid ? errorId : null, props.hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>
        {props.label}
        {props.unit && <span className="unit"> ({props.unit})</span>}
      </label>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        value={props.value}
        min={props.min}
        max={props.max}
        step={props.step ?? 'any'}
        placeholder={props.placeholder}
        aria-invalid={invalid}
        aria-describedby={describedBy || undefined}
        data-testid={props.testId}
        onChange={(event) => props.onChange(event.target.value)}
      />
      {props.hint && (
        <p id={hintId} className="hint">
          {props.hint}
        </p>
      )}
      {invalid && (
        <p id={errorId} className="field-error">
          {props.errors?.join(' ')}
        </p>
      )}
    </div>
  );
}
