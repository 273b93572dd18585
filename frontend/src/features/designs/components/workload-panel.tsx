import { useState } from 'react';
import type { FieldErrors } from '../../../lib/api-client';
import type { PlatformRegistry } from '../../../lib/platforms';
import { NumberField } from '../../../components/ui/number-field';
import { SelectField } from '../../../components/ui/select-field';
import {
  FIELD_PATHS,
  allowedNumbers,
  NO_KIND_SWITCH,
  errorsFor,
  inputBounds,
  profileChoice,
  switchKind,
  usesCustomProfile,
  withLoadBy,
  type DesignForm,
  type DesignLoad,
  type FormField,
  type WorkloadKind,
} from '../lib/design-form';

interface Props {
  form: DesignForm;
  onChange: (form: DesignForm) => void;
  clientErrors: FieldErrors;
  apiErrors: FieldErrors;
  /** The platform registry; undefined while it loads (the kind cannot be switched until then). */
  registry: PlatformRegistry | undefined;
  /** The current evaluation's design load: what a switch between users and Target TPS carries over. */
  designLoad?: DesignLoad | null;
}

type FieldProps = (name: FormField) => {
  value: string;
  onChange: (value: string) => void;
  errors: string[] | undefined;
  min?: number;
  max?: number;
  step: number | 'any';
};

export function WorkloadPanel({ form, onChange, clientErrors, apiErrors, registry, designLoad }: Props) {
  // A switch to DSS that replaced the platform: its notice, and the platform OLTP gives back.
  const [kindSwitch, setKindSwitch] = useState(NO_KIND_SWITCH);
  const chooseKind = (kind: WorkloadKind) => {
    if (!registry) return;
    const next = switchKind(form, kind, kindSwitch, registry);
    setKindSwitch(next.memory);
    onChange(next.form);
  };
  // Bounds of the published contract (min, max, whole numbers), as the browser's number input hints.
  const field: FieldProps = (name) => ({
    ...inputBounds(form, name),
    value: form[name],
    onChange: (value: string) => onChange({ ...form, [name]: value }),
    errors: errorsFor(name, clientErrors, apiErrors),
  });
  return (
    <fieldset className="card panel">
      <legend>Workload ({form.kind === 'dss' ? 'DSS' : 'OLTP'})</legend>
      <div className="radio-row" role="radiogroup" aria-label="Workload kind">
        <label>
          <input type="radio" name="workload-kind" checked={form.kind === 'oltp'} disabled={!registry} onChange={() => chooseKind('oltp')} />
          OLTP (transactions)
        </label>
        <label>
          <input type="radio" name="workload-kind" checked={form.kind === 'dss'} disabled={!registry} onChange={() => chooseKind('dss')} />
          DSS (warehouse scans)
        </label>
      </div>
      {form.kind === 'dss' && kindSwitch.notice && (
        <p className="notice" role="status" data-testid="dss-platform-notice">
          {kindSwitch.notice}
        </p>
      )}
      {form.kind === 'dss' ? (
        <DssFields form={form} onChange={onChange} field={field} errors={(name) => errorsFor(name, clientErrors, apiErrors)} />
      ) : (
        <OltpFields
          form={form}
          onChange={onChange}
          field={field}
          errors={(name) => errorsFor(name, clientErrors, apiErrors)}
          registry={registry}
          designLoad={designLoad}
        />
      )}
    </fieldset>
  );
}

interface FieldsProps {
  form: DesignForm;
  onChange: (form: DesignForm) => void;
  field: FieldProps;
}

interface DssFieldsProps extends FieldsProps {
  errors: (name: keyof typeof FIELD_PATHS) => string[] | undefined;
}

interface OltpFieldsProps extends DssFieldsProps {
  registry: PlatformRegistry | undefined;
  designLoad?: DesignLoad | null;
}

const PROFILE_MEASURED = "profile's measured";

function OltpFields({ form, onChange, field, errors, registry, designLoad }: OltpFieldsProps) {
  return (
    <>
      <div className="radio-row" role="radiogroup" aria-label="Load given as">
        <label>
          <input type="radio" name="load-by" checked={form.loadBy === 'users'} onChange={() => onChange(withLoadBy(form, 'users', designLoad))} />
          Concurrent users
        </label>
        <label>
          <input type="radio" name="load-by" checked={form.loadBy === 'tps'} onChange={() => onChange(withLoadBy(form, 'tps', designLoad))} />
          Target TPS
        </label>
      </div>
      <ProfileFields form={form} onChange={onChange} field={field} errors={errors} registry={registry} />
      <div className="field-grid">
        {form.loadBy === 'users' ? (
          <NumberField label="Users" unit="users" testId="users" {...field('users')} />
        ) : (
          <NumberField label="Target TPS" unit="TPS" testId="target-tps" {...field('targetTps')} />
        )}
        <NumberField
          label="Think time"
          unit="s"
          placeholder="profile's"
          hint="Empty: the profile's calibrated think time; 0: a closed loop (no think time, as SLOB)"
          {...field('thinkTimeS')}
        />
        <NumberField label="Database size" unit="GB" {...field('databaseSizeGb')} />
        <NumberField label="Data growth" unit="%/year" {...field('dataGrowthPct')} />
        <NumberField label="User growth" unit="%/year" {...field('userGrowthPct')} />
        <NumberField label="Horizon" unit="years" {...field('horizonYears')} />
        <NumberField label="Read share" unit="%" placeholder="profile's mix" hint="Empty: the profile's measured read share" {...field('readPct')} />
        <BlockSizeField form={form} onChange={onChange} field={field} />
        <NumberField label="Warehouses" unit="warehouses" placeholder={PROFILE_MEASURED} hint="Order-entry schema size (TPC-C, OET)" {...field('warehouses')} />
        <NumberField label="SGA per instance" unit="GB" placeholder={PROFILE_MEASURED} hint="Buffer cache of each RAC instance" {...field('sgaGb')} />
      </div>
      <OltpTargetFields field={field} />
    </>
  );
}

/** What an OLTP design must meet at its design load and through its growth: the SLA response and the targets. */
function OltpTargetFields({ field }: { field: FieldProps }) {
  return (
    <div className="field-grid" role="group" aria-label="Targets" data-testid="target-fields">
      <NumberField
        label="SLA response"
        unit="ms"
        placeholder="benchmark's"
        hint="At least 1 ms: no transaction responds faster than a flash read. Empty: the platform's benchmark threshold (20 ms Swingbench, 2 s TPC-C)"
        {...field('slaResponseMs')}
      />
      <NumberField label="Max CPU" unit="%" placeholder="catalog's limit" hint="RAC nodes' CPU at the design load. Empty: the catalog's CPU limit (80 %)" {...field('maxCpuPct')} />
      <NumberField
        label="Max storage latency"
        unit="ms"
        placeholder="none"
        hint="Storage read latency (db file sequential read) at the design load. Empty: none besides the SLA"
        {...field('maxStorageLatencyMs')}
      />
      <MinHeadroomField field={field} />
    </div>
  );
}

function MinHeadroomField({ field }: { field: FieldProps }) {
  return <NumberField label="Min headroom" unit="%" hint="The least headroom over the design load; 0: none required" {...field('minHeadroomPct')} />;
}

/** The OLTP block size: a select of the sizes the contract allows (Oracle's), else a number. */
function BlockSizeField({ form, onChange, field }: FieldsProps) {
  const sizes = allowedNumbers(form, 'blockSizeKb');
  const props = field('blockSizeKb');
  if (!sizes) return <NumberField label="Block size" unit="KB" {...props} />;
  return (
    <SelectField
      label="Block size (KB)"
      value={form.blockSizeKb}
      options={[...(form.blockSizeKb === '' ? [{ value: '', label: '' }] : []), ...sizes.map((kb) => ({ value: kb, label: `${kb} KB` }))]}
      onChange={(blockSizeKb) => onChange({ ...form, blockSizeKb })}
      errors={props.errors}
      hint="Oracle's DB_BLOCK_SIZE"
      testId="block-size"
    />
  );
}

/** The workload profile select, and the AWR figures of the user's own workload when that is chosen. */
function ProfileFields({ form, onChange, field, errors, registry }: OltpFieldsProps) {
  const choice = registry ? profileChoice(form, registry) : null;
  const hint = !choice
    ? undefined
    : usesCustomProfile(form)
      ? 'Your own figures, per second of an AWR report (load profile and time model)'
      : choice.foreignFamily
        ? `Measured on ${choice.foreignFamily}'s servers, not this platform's: the results say so`
        : form.profile === ''
          ? "The benchmark this platform's document ran"
          : undefined;
  return (
    <>
      {choice ? (
        <SelectField
          label="Workload profile"
          value={choice.value}
          options={choice.options}
          onChange={(profile) => onChange({ ...form, profile })}
          errors={errors('profile')}
          hint={hint}
          testId="workload-profile"
        />
      ) : (
        <p className="muted small-text">Loading the workload profiles…</p>
      )}
      {usesCustomProfile(form) && (
        <div className="field-grid" role="group" aria-label="Your workload (AWR figures)" data-testid="custom-profile-fields">
          <NumberField label="Transactions" unit="per s" hint="AWR load profile: transactions per second" {...field('txPerS')} />
          <NumberField label="Physical reads" unit="per s" {...field('readsPerS')} />
          <NumberField label="Physical writes" unit="per s" placeholder="0" hint="DBWR + LGWR; empty: none" {...field('writesPerS')} />
          <NumberField label="DB CPU" unit="s per s" hint="AWR time model: DB CPU seconds per second" {...field('dbCpuSPerS')} />
          <NumberField label="Redo" unit="MB per s" placeholder="none" {...field('redoMbPerS')} />
        </div>
      )}
    </>
  );
}

function DssFields({ form, onChange, field, errors }: DssFieldsProps) {
  return (
    <div className="field-grid">
      <NumberField label="Target throughput" unit="MB/s" testId="target-throughput" {...field('targetThroughputMbS')} />
      <NumberField label="Query streams" unit="streams" hint="Concurrent scans sharing the throughput" {...field('queryStreams')} />
      <SelectField
        label="I/O pattern"
        value={form.ioPattern}
        options={[
          { value: 'random', label: 'Random' },
          { value: 'sequential', label: 'Sequential' },
        ]}
        onChange={(ioPattern) => onChange({ ...form, ioPattern: ioPattern === 'sequential' ? 'sequential' : 'random' })}
        errors={errors('ioPattern')}
      />
      <NumberField label="I/O size" unit="KB" hint="The DSS report measured 1 MB (1024 KB)" {...field('blockSizeKb')} />
      <NumberField label="Database size" unit="GB" {...field('databaseSizeGb')} />
      <NumberField label="Data growth" unit="%/year" {...field('dataGrowthPct')} />
      <NumberField label="Horizon" unit="years" {...field('horizonYears')} />
      <MinHeadroomField field={field} />
    </div>
  );
}
