import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Loading } from '../../../components/ui/status';
import { awrDesignWorkload } from '../api/imports';
import type { AwrImportListItem } from '../api/types';
import { awrDesignName, designRequest, errorLines, oltpStartGroups, type DesignInputs, type DesignStart, type NewDesignBody } from '../lib/awr';

/** What a design needs that the imports feature does not own: the new-design page's platform starts,
 * how it writes a design's inputs out, its price book and its create call (the app passes them in). */
export interface DesignMaker {
  starts: DesignStart[];
  familyLabels: Record<string, string>;
  /** the starts (catalog, platform registry) or the price books are still loading */
  pending: boolean;
  error: Error | null;
  inputs?: DesignInputs;
  priceBook: number | null;
  existingNames: string[];
  createDesign: (body: NewDesignBody) => Promise<{ id: number }>;
}

/** Create design from this AWR: the import's workload (GET .../workload/) on the platform picked here,
 * then the editor. A report that cannot be sized (0 TPS) says why. */
export function CreateDesignForm({ item, maker }: { item: AwrImportListItem; maker: DesignMaker }) {
  const groups = oltpStartGroups(maker.starts, maker.familyLabels);
  const [chosen, setChosen] = useState('');
  const start = maker.starts.find((s) => s.id === chosen) ?? groups[0]?.starts[0];
  const navigate = useNavigate();
  const create = useMutation({
    mutationFn: async (picked: DesignStart) => {
      const awr = await awrDesignWorkload(item.id);
      const body = designRequest({
        awr,
        start: picked,
        name: awrDesignName(item.db_name, item.file_name, maker.existingNames),
        team: item.team.id,
        priceBook: maker.priceBook,
        inputs: maker.inputs,
      });
      return maker.createDesign(body);
    },
    onSuccess: (design) => navigate(`/designs/${design.id}`),
  });
  const id = `awr-platform-${item.id}`;
  const errors = errorLines(create.error ?? maker.error);

  return (
    <div className="stack" data-testid="awr-create-design">
      {maker.pending && <Loading what="the platform starts" />}
      <div className="filters">
        <div className="field">
          <label htmlFor={id}>Platform</label>
          <select id={id} value={start?.id ?? ''} onChange={(e) => setChosen(e.target.value)} disabled={!groups.length}>
            {groups.map((g) => (
              <optgroup key={g.family} label={g.label}>
                {g.starts.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.label}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
          <p className="hint">
            The design runs the report's measured rate as a custom workload on this platform; the database size is not in an AWR report, set it in the
            editor.
          </p>
        </div>
        <button type="button" disabled={!start || maker.pending || create.isPending} onClick={() => start && create.mutate(start)}>
          {create.isPending ? 'Creating…' : 'Create design'}
        </button>
      </div>
      {errors.length > 0 && (
        <div role="alert" data-testid="awr-design-error">
          <ul className="field-error">
            {errors.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
