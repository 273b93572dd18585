import { useId } from 'react';

export interface Option {
  value: string;
  label: string;
}

interface SelectFieldProps {
  label: string;
  value: string;
  options: Option[];
  onChange: (value: string) => void;
  errors?: string[];
  hint?: string;
  testId?: string;
}

export function SelectField(props: SelectFieldProps) {
  const id = useId();
  const invalid = Boolean(props.errors?.length);
  const describedBy = [invalid ? `${id}-error` : null, props.hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <select
        id={id}
        value={props.value}
        aria-invalid={invalid}
        aria-describedby={describedBy || undefined}
        data-testid={props.testId}
        onChange={(event) => props.onChange(event.target.value)}
      >
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {props.hint && (
        <p id={`${id}-hint`} className="hint">
          {props.hint}
        </p>
      )}
      {invalid && (
        <p id={`${id}-error`} className="field-error">
          {props.errors?.join(' ')}
        </p>
      )}
    </div>
  );
}
