import { Empty, ErrorMessage, Loading } from '../../../components/ui/status';
import { useValidation } from '../api/validation';
import { reportRows, summaryLines } from '../lib/report';

export function ModelReportPage() {
  const report = useValidation();
  return (
    <section className="stack">
      <h2>Model accuracy</h2>
      <p className="muted">
        Every measured point the sizing model can predict, measured against the model: in-sample (the point took part in the
        calibration) and held out (the model recalibrated without it, the honest test).
      </p>
      {report.isPending && <Loading what="the validation report" />}
      <ErrorMessage error={report.error} />
      {report.data && (
        <>
          <ul className="card summary-list" data-testid="model-summary">
            {summaryLines(report.data).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          {report.data.rows.length === 0 && <Empty>The catalog has no measured points the model predicts.</Empty>}
          {report.data.rows.length > 0 && (
            <table className="table" data-testid="model-table">
              <thead>
                <tr>
                  <th scope="col">Case</th>
                  <th scope="col">Source</th>
                  <th scope="col" className="num">
                    Measured
                  </th>
                  <th scope="col" className="num">
                    Model
                  </th>
                  <th scope="col" className="num">
                    Error
                  </th>
                  <th scope="col" className="num">
                    Held-out error
                  </th>
                </tr>
              </thead>
              <tbody>
                {reportRows(report.data.rows).map((r) => (
                  <tr key={r.case}>
                    <td>{r.case}</td>
                    <td className="small-text muted">{r.source}</td>
                    <td className="num">{r.measured}</td>
                    <td className="num">{r.predicted}</td>
                    <td className="num">{r.error}</td>
                    <td className={`num grade-${r.heldOutGrade}`}>{r.heldOut}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}
