import { useState } from 'react';
import { Empty, ErrorMessage, Loading } from '../../../components/ui/status';
import { SelectField } from '../../../components/ui/select-field';
import { usePlatforms, type PlatformRegistry } from '../../../lib/platforms';
import { useValidation, type ValidationReport } from '../api/validation';
import { familyReports, summaryLines, type FamilyReport } from '../lib/report';

export function ModelReportPage() {
  const report = useValidation();
  // Family labels only: the report shows slugs until (or if) the registry answers.
  const platforms = usePlatforms();
  return (
    <section className="stack">
      <h2>Model accuracy</h2>
      <p className="muted">
        Each platform family's document measured its own configurations; every row is what the engine's evaluate returns for
        that configuration against the measurement. Held-out rows were predicted without the measurement (the honest test);
        calibration rows are the measurements the model was fitted on, listed but never counted. A stated gain or change is
        graded on the change itself (its relative error, and in percentage points); its error on 1 + change is an extra
        column, not graded. The error bands of the results come from each family's worst held-out errors; each held-out row
        says whether its measurement lies inside the published band, and each family how often, beside how often it lies
        inside the band made from the family's other rows (the honest figure) and the rate the bands state. Each calibration
        row is also predicted by its family refitted without that row's own test (leave-one-test-out), or says why the fit
        cannot be made without it; each family counts both kinds of prediction.
      </p>
      {report.isPending && <Loading what="the validation report" />}
      <ErrorMessage error={report.error} />
      {report.data && <ModelReport report={report.data} registry={platforms.data} />}
    </section>
  );
}

/** The report: overall summary, a family filter, then one section per family with its rows worst first. */
export function ModelReport({ report, registry }: { report: ValidationReport; registry: PlatformRegistry | undefined }) {
  const [family, setFamily] = useState('');
  const families = familyReports(report, registry ?? []);
  const shown = families.filter((f) => !family || f.family === family);
  return (
    <>
      <ul className="card summary-list" data-testid="model-summary">
        {summaryLines(report).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {families.length === 0 ? (
        <Empty>The catalog has no measurements the model predicts.</Empty>
      ) : (
        <>
          <div className="filters model-filter">
            <SelectField
              label="Family"
              value={family}
              options={[{ value: '', label: 'All families' }, ...families.map((f) => ({ value: f.family, label: f.label }))]}
              onChange={setFamily}
              testId="model-family-filter"
            />
          </div>
          <div className="stack" data-testid="model-families">
            {shown.map((f) => (
              <FamilySection key={f.family} report={f} />
            ))}
          </div>
        </>
      )}
    </>
  );
}

function FamilySection({ report }: { report: FamilyReport }) {
  const headingId = `model-family-${report.family}`;
  return (
    <section className="card family-report" aria-labelledby={headingId} data-testid={`model-family-${report.family}`}>
      <h3 id={headingId}>{report.label}</h3>
      {report.documents.length > 0 && <p className="muted small-text">Documents: {report.documents.join(', ')}</p>}
      <dl className="family-stats" data-testid="family-stats">
        {report.stats.map((s) => (
          <div key={s.label}>
            <dt>{s.label}</dt>
            <dd>{s.value}</dd>
          </div>
        ))}
      </dl>
      {report.rows.length === 0 ? (
        <Empty>No measurement of this family is predicted yet.</Empty>
      ) : (
        <table className="table" data-testid="model-table">
          <thead>
            <tr>
              <th scope="col">Role</th>
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
              <th scope="col" className="num" title="a stated change only: the error on the ratio (1 + model) / (1 + measured), not graded">
                On 1 + change
              </th>
              <th scope="col">Error band</th>
              <th scope="col" title="calibration rows: the family refitted on the evidence without this row's test (leave-one-test-out)">
                Without its own test
              </th>
            </tr>
          </thead>
          <tbody>
            {report.rows.map((r) => (
              <tr key={r.key} className={r.role === 'calibration' ? 'calibration' : undefined} data-role={r.role}>
                <td>
                  <span className={`badge role-${r.role}`} title={r.roleLabel}>
                    {r.role === 'calibration' ? 'calibration' : 'held-out'}
                  </span>
                  {r.role === 'calibration' && <span className="muted small-text"> fitted on, not evidence</span>}
                </td>
                <td>
                  {r.case} <span className="muted small-text">({r.kind})</span>
                  {r.limit && (
                    <span className="cell-line muted small-text" data-testid="known-limit">
                      Known limit: {r.limit}
                    </span>
                  )}
                </td>
                <td className="small-text muted">{r.source}</td>
                <td className="num">{r.measured}</td>
                <td className="num">{r.predicted}</td>
                <td className={`num${r.grade ? ` grade-${r.grade}` : ''}`}>
                  {r.error}
                  {r.errorPp && <span className="small-text"> {r.errorPp}</span>}
                </td>
                <td className="num small-text muted">{r.ratioError}</td>
                <td className={`small-text${r.inBand === false ? ' grade-poor' : ''}`}>{r.band}</td>
                <td className={`small-text${r.crossValidatedGrade ? ` grade-${r.crossValidatedGrade}` : ''}`} data-testid="cross-validated">
                  {r.crossValidated}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
