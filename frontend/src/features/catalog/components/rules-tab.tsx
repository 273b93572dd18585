import { ErrorMessage, Loading } from '../../../components/ui/status';
import { formatTimestamp } from '../../../components/format';
import { useRules } from '../api/rules';
import { formatParameters, groupRules, provenance } from '../lib/catalog';

export function RulesTab() {
  const rules = useRules();
  if (rules.isPending) return <Loading what="sizing rules" />;
  if (rules.isError) return <ErrorMessage error={rules.error} />;
  return (
    <table className="table compact" data-testid="rules-table">
      <thead>
        <tr>
          <th scope="col">Rule</th>
          <th scope="col">Kind</th>
          <th scope="col">Parameters</th>
          <th scope="col">Applies to</th>
          <th scope="col">Versions</th>
          <th scope="col">Source</th>
        </tr>
      </thead>
      <tbody>
        {groupRules(rules.data.results).map((g) => (
          <tr key={g.slug}>
            <td>
              <strong>{g.current.title}</strong>
              <div className="muted small-text">
                <code>{g.slug}</code>
              </div>
            </td>
            <td>{g.current.kind.replace(/_/g, ' ')}</td>
            <td className="small-text">{formatParameters(g.current.parameters) || '—'}</td>
            <td className="small-text">{g.current.applies_to.length ? g.current.applies_to.join(', ') : 'all platforms'}</td>
            <td className="small-text">
              {g.versions.map((v) => (
                <div key={v.version}>
                  v{v.version}
                  {v.is_current ? ' (current)' : ''} · {formatTimestamp(v.created_at)}
                </div>
              ))}
            </td>
            <td className="small-text muted">{provenance(g.current.source_document, g.current.source_locator)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
