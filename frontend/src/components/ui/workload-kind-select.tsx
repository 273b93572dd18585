import { SelectField } from './select-field';

export type WorkloadKind = 'oltp' | 'dss';

const KIND_OPTIONS = [
  { value: 'oltp', label: 'OLTP' },
  { value: 'dss', label: 'DSS' },
];

interface Props {
  /** "Workload kind" on the Recommend page, "Kind" in a design's database row. */
  label: string;
  value: WorkloadKind;
  onChange: (kind: WorkloadKind) => void;
}

/** The kind of a workload, OLTP or DSS, as a select. */
export function WorkloadKindSelect({ label, value, onChange }: Props) {
  return <SelectField label={label} value={value} options={KIND_OPTIONS} onChange={(v) => onChange(v === 'dss' ? 'dss' : 'oltp')} />;
}
