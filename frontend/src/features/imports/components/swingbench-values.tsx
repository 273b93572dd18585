import type { SwingbenchEvidence, SwingbenchRun } from '../api/evidence-types';
import { measuredNumber, sourceText, swingbenchRunRows } from '../lib/evidence';
import { EvidenceRows } from './evidence-rows';

const ms = (v: { value: number } | null) => (v ? measuredNumber(v.value) : <span className="muted">—</span>);

function Transactions({ run }: { run: SwingbenchRun }) {
  if (!run.transactions.length) return <p className="muted">No transaction results in the file.</p>;
  return (
    <div className="table-scroll">
      <table className="table compact" data-testid="swingbench-transactions">
        <caption>Transactions, as &lt;TransactionResults&gt; gives them (response times in ms)</caption>
        <thead>
          <tr>
            <th scope="col">Transaction</th>
            <th scope="col" className="num">
              Count
            </th>
            <th scope="col" className="num">
              Failed
            </th>
            <th scope="col" className="num">
              Average
            </th>
            <th scope="col" className="num">
              Minimum
            </th>
            <th scope="col" className="num">
              Maximum
            </th>
            <th scope="col">Percentiles</th>
            <th scope="col">Source</th>
          </tr>
        </thead>
        <tbody>
          {run.transactions.map((t) => (
            <tr key={t.name}>
              <th scope="row">{t.name}</th>
              <td className="num">{ms(t.transaction_count)}</td>
              <td className="num">{ms(t.failed_count)}</td>
              <td className="num">{ms(t.average_ms)}</td>
              <td className="num">{ms(t.minimum_ms)}</td>
              <td className="num">{ms(t.maximum_ms)}</td>
              <td>{t.percentiles_ms.length ? t.percentiles_ms.map((p) => `${p.percentile}th: ${measuredNumber(p.value)} ms`).join('; ') : <span className="muted">none</span>}</td>
              <td>{sourceText(t.source)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A Swingbench series as read: the load–response curve (one point per run, rising users), then each run's
 * parameters and transactions; every value with its file and element. */
export function SwingbenchValues({ swingbench, idPrefix }: { swingbench: SwingbenchEvidence; idPrefix: string }) {
  return (
    <div className="stack" data-testid="swingbench-values">
      <p>
        Benchmark: <strong data-testid="swingbench-benchmark">{swingbench.benchmark_name ?? 'not named in the files'}</strong>
      </p>
      <div className="table-scroll">
        <table className="table compact" aria-labelledby={`${idPrefix}-curve-title`} data-testid="swingbench-curve">
          <caption id={`${idPrefix}-curve-title`}>
            Load and response, one point per run
            <span className="source">The response is the mean of the transactions' average responses, weighted by their counts.</span>
          </caption>
          <thead>
            <tr>
              <th scope="col" className="num">
                Users
              </th>
              <th scope="col" className="num">
                TPS
              </th>
              <th scope="col" className="num">
                Average response (ms)
              </th>
              <th scope="col">Run</th>
              <th scope="col">Source</th>
            </tr>
          </thead>
          <tbody>
            {swingbench.curve.map((p) => (
              <tr key={p.users} data-testid="swingbench-point">
                <td className="num">{p.users}</td>
                <td className="num">{measuredNumber(p.tps)}</td>
                <td className="num">{measuredNumber(p.average_response_ms)}</td>
                <td>{p.run}</td>
                <td>
                  <span className="cell-line">Users: {sourceText(p.users_source)}</span>
                  <span className="cell-line">TPS: {sourceText(p.tps_source)}</span>
                  <span className="cell-line">Response: {sourceText(p.response_source)}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {swingbench.runs.map((run, i) => (
        <details key={run.file} data-testid="swingbench-run">
          <summary>
            Run {i + 1}: {run.file}
            {run.users ? ` (${measuredNumber(run.users.value)} users)` : ''}
          </summary>
          <div className="stack">
            <EvidenceRows caption={`What ${run.file} ran and measured`} rows={swingbenchRunRows(run)} testId="swingbench-run-values" />
            <Transactions run={run} />
          </div>
        </details>
      ))}
    </div>
  );
}
