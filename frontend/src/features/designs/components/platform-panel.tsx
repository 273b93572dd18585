import type { FieldErrors } from '../../../lib/api-client';
import { NumberField } from '../../../components/ui/number-field';
import { SelectField } from '../../../components/ui/select-field';
import { FIELD_PATHS, errorsFor, inputBounds, withFamily, type DesignForm, type FormField } from '../lib/design-form';
import { FAMILIES, familyInfo } from '../lib/platforms';

interface Props {
  form: DesignForm;
  onChange: (form: DesignForm) => void;
  clientErrors: FieldErrors;
  apiErrors: FieldErrors;
}

export function PlatformPanel({ form, onChange, clientErrors, apiErrors }: Props) {
  const info = familyInfo(form.family);
  const errors = (name: keyof typeof FIELD_PATHS) => errorsFor(name, clientErrors, apiErrors);
  // Bounds of the published contract (min, max, whole numbers), as the browser's number input hints.
  const number = (name: FormField) => ({
    ...inputBounds(form, name),
    value: form[name],
    onChange: (value: string) => onChange({ ...form, [name]: value }),
    errors: errors(name),
  });
  return (
    <fieldset className="card panel">
      <legend>Platform</legend>
      {form.reference && (
        <p className="muted small-text">
          Reference configuration: <code>{form.reference}</code> (the BOM scales from it)
        </p>
      )}
      <div className="field-grid">
        <SelectField
          label="Platform family"
          value={form.family}
          options={FAMILIES.map((f) => ({ value: f.family, label: f.label }))}
          onChange={(family) => onChange(withFamily(form, family))}
          errors={errors('family')}
        />
        <SelectField
          label="Storage model"
          value={form.storageModel}
          options={info.storageModels}
          onChange={(storageModel) => onChange({ ...form, storageModel })}
          errors={errors('storageModel')}
        />
        <NumberField label="RAC nodes" unit="servers" testId="rac-nodes" {...number('racNodes')} />
        <NumberField
          label="Cores per node"
          placeholder={String(info.server.coresPerNode)}
          hint={`Empty: ${info.server.coresPerNode} (${info.server.label}, as measured)`}
          {...number('coresPerNode')}
        />
        <NumberField label={info.arraysLabel} testId="arrays" {...number('arrays')} />
        <SelectField
          label="RAID"
          value={form.raid}
          options={[{ value: '', label: `Default (${info.raidLevels[0]?.label ?? '—'})` }, ...info.raidLevels]}
          onChange={(raid) => onChange({ ...form, raid })}
          errors={errors('raid')}
        />
        {info.drivesPerEnclosure && (
          <NumberField label="SSDs per enclosure" unit="drives" {...number('drivesPerEnclosure')} />
        )}
      </div>
      {info.pam && (
        <div className="check-row">
          <input id="pam" type="checkbox" checked={form.pam} onChange={(e) => onChange({ ...form, pam: e.target.checked })} />
          <label htmlFor="pam">Performance Acceleration Module (PAM read cache)</label>
        </div>
      )}
    </fieldset>
  );
}
