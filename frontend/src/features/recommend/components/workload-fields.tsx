import type { FieldErrors } from '../../../lib/api-client';
import { NumberField } from '../../../components/ui/number-field';
import { SelectField } from '../../../components/ui/select-field';
import { WorkloadKindSelect } from '../../../components/ui/workload-kind-select';
import { fieldErrors, visibleFields, type NumberFieldName, type WorkloadForm } from '../lib/workload-form';

const LABELS: Record<NumberFieldName, { label: string; unit?: string }> = {
  targetTps: { label: 'Target TPS', unit: 'TPS' },
  users: { label: 'Users' },
  slaResponseMs: { label: 'SLA response', unit: 'ms' },
  maxCpuPct: { label: 'Max CPU', unit: '%' },
  maxStorageLatencyMs: { label: 'Max storage latency', unit: 'ms' },
  minHeadroomPct: { label: 'Min headroom', unit: '%' },
  userGrowthPct: { label: 'User growth', unit: '%/yr' },
  dataGrowthPct: { label: 'Data growth', unit: '%/yr' },
  horizonYears: { label: 'Horizon', unit: 'years' },
  databaseSizeGb: { label: 'Database size', unit: 'GB' },
  targetThroughputMbS: { label: 'Target throughput', unit: 'MB/s' },
  queryStreams: { label: 'Query streams' },
};

interface Props {
  workload: WorkloadForm;
  onChange: (workload: WorkloadForm) => void;
  errors: FieldErrors;
  /** Where the API files this workload's errors: `workload`, or a database's (`databases.1.workload`). */
  prefix?: string;
}

/** A workload's kind, load and targets: the page's own, or one database's of several. */
export function WorkloadFields({ workload, onChange, errors, prefix = 'workload' }: Props) {
  const set = <K extends keyof WorkloadForm>(key: K, value: WorkloadForm[K]) => onChange({ ...workload, [key]: value });
  return (
    <>
      <div className="form-row">
        <WorkloadKindSelect label="Workload kind" value={workload.kind} onChange={(kind) => set('kind', kind)} />
        {workload.kind === 'oltp' && (
          <SelectField
            label="Load given as"
            value={workload.loadBy}
            options={[
              { value: 'tps', label: 'Target TPS' },
              { value: 'users', label: 'Users' },
            ]}
            onChange={(v) => set('loadBy', v === 'users' ? 'users' : 'tps')}
          />
        )}
      </div>
      <div className="form-row wrap">
        {visibleFields(workload).map((field) => (
          <NumberField
            key={field}
            label={LABELS[field].label}
            unit={LABELS[field].unit}
            value={workload[field]}
            onChange={(v) => set(field, v)}
            errors={fieldErrors(errors, field, prefix)}
          />
        ))}
      </div>
    </>
  );
}
