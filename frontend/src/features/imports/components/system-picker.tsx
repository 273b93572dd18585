import { useState } from 'react';
import { countOf } from '../../../components/format';
import { Loading } from '../../../components/ui/status';
import { useExistingSystems } from '../api/evidence';
import type { ExistingSystem } from '../api/evidence-types';
import { EvidenceErrors } from './evidence-errors';
import { SystemForm } from './system-form';

const NEW = 'new';

/** "Prod array (Pure FlashArray X70, 2 imports)". */
export function systemLabel(system: ExistingSystem): string {
  const kind = [system.family, system.storage_model].filter(Boolean).join(' ');
  return `${system.name} (${[kind, countOf(system.evidence_count, 'import')].filter(Boolean).join(', ')})`;
}

/** Which of the team's existing systems the files measure (or none), or describe a new one. */
export function SystemPicker({
  team,
  value,
  onChange,
  disabled = false,
}: {
  team: number | null;
  value: number | null;
  onChange: (system: number | null) => void;
  disabled?: boolean;
}) {
  const systems = useExistingSystems(team);
  const [describing, setDescribing] = useState(false);
  if (systems.isPending) return <Loading what="the team's existing systems" />;
  const list = systems.data?.results ?? [];
  return (
    <div className="stack">
      <div className="field">
        <label htmlFor="evidence-system">Existing system the files measure</label>
        <select
          id="evidence-system"
          value={describing ? NEW : value === null ? '' : String(value)}
          disabled={disabled}
          onChange={(e) => {
            if (e.target.value === NEW) {
              setDescribing(true);
              return;
            }
            setDescribing(false);
            onChange(e.target.value === '' ? null : Number(e.target.value));
          }}
        >
          <option value="">None: not filed under a system</option>
          {list.map((s) => (
            <option key={s.id} value={s.id}>
              {systemLabel(s)}
            </option>
          ))}
          <option value={NEW}>Describe a new system…</option>
        </select>
        <p className="hint">A system of a family the catalog does not hold may be described too. Only your team sees it.</p>
      </div>
      {systems.isError && <EvidenceErrors error={systems.error} testId="evidence-systems-error" />}
      {describing && (
        <SystemForm
          team={team}
          onCreated={(system) => {
            setDescribing(false);
            onChange(system.id);
          }}
          onCancel={() => setDescribing(false)}
        />
      )}
    </div>
  );
}
