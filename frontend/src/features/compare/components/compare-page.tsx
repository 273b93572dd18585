import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { plural } from '../../../components/format';
import { Empty, ErrorMessage, Loading } from '../../../components/ui/status';
import { useComparison } from '../api/compare-designs';
import { useDesignOptions } from '../api/design-options';
import { MAX_COMPARED, parseIds, selectionHint, toggleSelection } from '../lib/compare-table';
import { ComparisonTables } from './comparison-tables';

export function ComparePage() {
  const [params, setParams] = useSearchParams();
  // Local state answers the click at once; the URL (shareable) follows.
  const [selected, setSelected] = useState(() => parseIds(params.get('ids')));
  const options = useDesignOptions();
  const comparison = useComparison(selected);
  // One message, following the count: none from two chosen on (a URL may choose designs the list has not loaded).
  const hint = selectionHint(selected.length, options.isSuccess ? options.data.results.length : null);

  const toggle = (id: number) => {
    const next = toggleSelection(selected, id);
    setSelected(next);
    setParams(next.length ? { ids: next.join(',') } : {}, { replace: true });
  };

  return (
    <section className="stack">
      <h2>Compare designs</h2>
      <fieldset className="card">
        <legend>
          Pick 2 to {MAX_COMPARED} designs ({selected.length} chosen)
        </legend>
        {options.isPending && <Loading what="designs" />}
        <ErrorMessage error={options.error} />
        <div className="pick-grid">
          {(options.data?.results ?? []).map((d) => (
            <label key={d.id} className="check-row">
              <input
                type="checkbox"
                checked={selected.includes(d.id)}
                disabled={!selected.includes(d.id) && selected.length >= MAX_COMPARED}
                onChange={() => toggle(d.id)}
              />
              {d.name}
              <span className="muted small-text">
                {' '}
                · {d.platform.storage_model}, {d.platform.rac_nodes ?? 2} {plural(d.platform.rac_nodes ?? 2, 'node')} · {d.owner.username}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {hint && <Empty>{hint}</Empty>}
      {selected.length >= 2 && comparison.isPending && <Loading what="the comparison" />}
      <ErrorMessage error={comparison.error} />
      {comparison.data && selected.length >= 2 && <ComparisonTables comparison={comparison.data} />}
    </section>
  );
}
