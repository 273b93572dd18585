import type { FieldErrors } from '../../../lib/api-client';
import { NumberField } from '../../../components/ui/number-field';
import { errorsFor, type DesignForm, type FormField } from '../lib/design-form';

interface Props {
  form: DesignForm;
  onChange: (form: DesignForm) => void;
  clientErrors: FieldErrors;
  apiErrors: FieldErrors;
}

export function WorkloadPanel({ form, onChange, clientErrors, apiErrors }: Props) {
  const field = (name: FormField) => ({
    value: form[name],
    onChange: (value: string) => onChange({ ...form, [name]: value }),
    errors: errorsFor(name, clientErrors, apiErrors),
  });
  return (
    <fieldset className="card panel">
      <legend>Workload (OLTP)</legend>
      <div className="radio-row" role="radiogroup" aria-label="Load given as">
        <label>
          <input type="radio" name="load-by" checked={form.loadBy === 'users'} onChange={() => onChange({ ...form, loadBy: 'users' })} />
          Concurrent users
        </label>
        <label>
          <input type="radio" name="load-by" checked={form.loadBy === 'tps'} onChange={() => onChange({ ...form, loadBy: 'tps' })} />
          Target TPS
        </label>
      </div>
      <div className="field-grid">
        {form.loadBy === 'users' ? (
          <NumberField label="Users" unit="users" min={1} step={1} testId="users" {...field('users')} />
        ) : (
          <NumberField label="Target TPS" unit="TPS" min={0} testId="target-tps" {...field('targetTps')} />
        )}
        <NumberField label="Think time" unit="s" placeholder="benchmark's" hint="Empty: the platform's calibrated think time" {...field('thinkTimeS')} />
        <NumberField label="Database size" unit="GB" min={0} {...field('databaseSizeGb')} />
        <NumberField label="Data growth" unit="%/year" {...field('dataGrowthPct')} />
        <NumberField label="User growth" unit="%/year" {...field('userGrowthPct')} />
        <NumberField label="Horizon" unit="years" min={0} max={20} step={1} {...field('horizonYears')} />
        <NumberField label="Read share" unit="%" min={0} max={100} {...field('readPct')} />
        <NumberField label="Block size" unit="KB" min={2} {...field('blockSizeKb')} />
        <NumberField
          label="SLA response"
          unit="ms"
          placeholder="benchmark's"
          hint="Empty: the platform's benchmark threshold (20 ms Swingbench, 2 s TPC-C)"
          {...field('slaResponseMs')}
        />
      </div>
    </fieldset>
  );
}
