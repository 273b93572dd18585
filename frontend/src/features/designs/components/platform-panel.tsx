import type { FieldErrors } from '../../../lib/api-client';
import { NumberField } from '../../../components/ui/number-field';
import { SelectField } from '../../../components/ui/select-field';
import { ErrorMessage, Loading } from '../../../components/ui/status';
import { familyOf, offersDrivesPerEnclosure, raidLabel, storageModelOf, type PlatformRegistry } from '../../../lib/platforms';
import { FIELD_PATHS, errorsFor, inputBounds, withFamily, type DesignForm, type FormField } from '../lib/design-form';

interface Props {
  form: DesignForm;
  onChange: (form: DesignForm) => void;
  clientErrors: FieldErrors;
  apiErrors: FieldErrors;
  /** The platform registry (GET /api/v1/platforms/); undefined while it loads. */
  registry: PlatformRegistry | undefined;
  registryError?: Error | null;
}

export function PlatformPanel({ form, onChange, clientErrors, apiErrors, registry, registryError }: Props) {
  if (!registry) {
    return (
      <fieldset className="card panel">
        <legend>Platform</legend>
        {registryError ? <ErrorMessage error={registryError} /> : <Loading what="platform families" />}
      </fieldset>
    );
  }
  return <PlatformFields form={form} onChange={onChange} clientErrors={clientErrors} apiErrors={apiErrors} registry={registry} />;
}

function PlatformFields({ form, onChange, clientErrors, apiErrors, registry }: Props & { registry: PlatformRegistry }) {
  const family = familyOf(registry, form.family);
  const model = storageModelOf(registry, form.family, form.storageModel);
  const server = family?.default_server;
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
          options={registry.map((f) => ({ value: f.family, label: f.label }))}
          onChange={(next) => onChange(withFamily(form, next, registry))}
          errors={errors('family')}
        />
        <SelectField
          label="Storage model"
          value={form.storageModel}
          options={(family?.storage_models ?? []).map((m) => ({ value: m.name, label: m.label }))}
          onChange={(storageModel) => onChange({ ...form, storageModel })}
          errors={errors('storageModel')}
        />
        <NumberField label="RAC nodes" unit="servers" testId="rac-nodes" {...number('racNodes')} />
        <NumberField
          label="Cores per node"
          placeholder={server ? String(server.cores_per_node) : undefined}
          hint={server && `Empty: ${server.cores_per_node} (${server.server}, as measured)`}
          {...number('coresPerNode')}
        />
        <NumberField label={model?.array_unit_label ?? 'Arrays'} testId="arrays" {...number('arrays')} />
        <SelectField
          label="RAID"
          value={form.raid}
          options={[
            { value: '', label: `Default (${family ? raidLabel(registry, family.default_raid) : '—'})` },
            ...(family?.raid_levels ?? []),
          ]}
          onChange={(raid) => onChange({ ...form, raid })}
          errors={errors('raid')}
        />
        {offersDrivesPerEnclosure(family) && (
          <NumberField label="SSDs per enclosure" unit="drives" {...number('drivesPerEnclosure')} />
        )}
      </div>
      {family?.pam_option && (
        <div className="check-row">
          <input id="pam" type="checkbox" checked={form.pam ?? false} onChange={(e) => onChange({ ...form, pam: e.target.checked })} />
          <label htmlFor="pam">Performance Acceleration Module (PAM read cache)</label>
        </div>
      )}
    </fieldset>
  );
}
