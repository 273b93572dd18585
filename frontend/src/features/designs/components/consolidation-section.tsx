import { memo } from 'react';
import {
  capacityLines,
  consolidatedVerdictSentence,
  databaseLines,
  notValidatedNote,
  sentence,
  stationLines,
  type Consolidation,
} from '../lib/consolidation';

/** A design of several databases: them evaluated together on the shared platform (issue 40). */
function ConsolidationSectionView({ consolidation }: { consolidation: Consolidation }) {
  const note = notValidatedNote(consolidation);
  return (
    <section className="card consolidation" aria-labelledby="consolidation-title" data-testid="consolidation">
      <h2 id="consolidation-title">Databases together</h2>
      <p className={`verdict verdict-${consolidation.verdict}`} data-testid="consolidation-verdict">
        {sentence(consolidatedVerdictSentence(consolidation))}
      </p>
      {note && (
        <p className="notice" data-testid="consolidation-not-validated">
          {note}
        </p>
      )}
      {consolidation.sharing && <p className="muted small-text">{sentence(consolidation.sharing)}</p>}
      <DatabasesTable consolidation={consolidation} />
      <StationsTable consolidation={consolidation} />
      <CapacityBlock capacity={consolidation.capacity} />
    </section>
  );
}

function DatabasesTable({ consolidation }: { consolidation: Consolidation }) {
  return (
    <div className="table-scroll">
      <table className="table compact" data-testid="consolidation-table">
        <caption className="muted small-text">
          Each database beside the others, against itself alone on the same platform, most important first (priority 1 = the most
          important)
        </caption>
        <thead>
          <tr>
            <th scope="col">Database</th>
            <th scope="col" className="num">
              Priority
            </th>
            <th scope="col">Kind</th>
            <th scope="col" className="num">
              Load
            </th>
            <th scope="col" className="num">
              Throughput
            </th>
            <th scope="col" className="num">
              Response
            </th>
            <th scope="col" className="num">
              Alone
            </th>
            <th scope="col" className="num">
              Change
            </th>
            <th scope="col">Verdict</th>
          </tr>
        </thead>
        <tbody>
          {databaseLines(consolidation).flatMap((d, i) => [
            <tr key={d.name} data-testid="consolidation-row" data-paused={d.paused}>
              <th scope="row">
                {d.name}
                {d.paused && <span className="badge badge-warn"> paused</span>}
              </th>
              <td className="num" data-testid="consolidation-priority">
                {consolidation.databases[i]?.priority ?? '—'}
              </td>
              <td>{d.kind}</td>
              <td className="num nowrap">{d.load}</td>
              <td className="num nowrap">{d.throughput}</td>
              <td className="num nowrap">{d.response}</td>
              <td className="num nowrap">{d.alone}</td>
              <td className="num nowrap" data-testid="response-change">
                {d.change} ({d.changePct})
              </td>
              <td>
                <span className={`badge badge-${d.tone}`}>{d.verdict}</span>
              </td>
            </tr>,
            <tr key={`${d.name}-statement`} className="statement-row">
              <td colSpan={9} className="muted small-text" data-testid="consolidation-statement">
                {d.statement}
              </td>
            </tr>,
          ])}
        </tbody>
      </table>
    </div>
  );
}

function StationsTable({ consolidation }: { consolidation: Consolidation }) {
  const stations = stationLines(consolidation);
  if (!stations.length) return null;
  return (
    <table className="table compact" data-testid="consolidation-stations">
      <caption className="muted small-text">What the databases share: each station's utilisation and each database's share of it</caption>
      <thead>
        <tr>
          <th scope="col">Shared station</th>
          <th scope="col" className="num">
            Utilisation
          </th>
          <th scope="col">By database</th>
        </tr>
      </thead>
      <tbody>
        {stations.map((s) => (
          <tr key={s.name}>
            <th scope="row">
              {s.label}
              {s.bottleneck && <span className="badge badge-warn"> bottleneck</span>}
            </th>
            <td className="num nowrap">{s.utilisation}</td>
            <td>{s.shares.map((x) => `${x.database} ${x.share}`).join(', ') || '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function CapacityBlock({ capacity }: { capacity: Consolidation['capacity'] }) {
  const c = capacityLines(capacity);
  return (
    <div data-testid="consolidation-capacity">
      <h3>Capacity together</h3>
      <dl className="facts">
        <dt>Required</dt>
        <dd>
          {c.required} <span className="muted small-text">({c.withoutReduction} without the clones' data reduction)</span>
        </dd>
        <dt>Usable</dt>
        <dd>
          {c.usable} <span className="muted small-text">({c.raw} raw)</span>
        </dd>
        <dt>Fits</dt>
        <dd>
          <span className={`badge badge-${c.tone}`}>{c.fits}</span>
        </dd>
        <dt>By database</dt>
        <dd>{c.perDatabase.map((d) => `${d.database} ${d.size}`).join(', ')}</dd>
      </dl>
      <p className="small-text">{c.statement}</p>
      {c.clones.length > 0 && (
        <ul className="small-text">
          {c.clones.map((clone) => (
            <li key={clone.database}>
              {clone.database}: {clone.text}. <span className="muted">Source: {clone.source}.</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Memoised: an edit that marks the results stale does not redraw it. */
export const ConsolidationSection = memo(ConsolidationSectionView);
