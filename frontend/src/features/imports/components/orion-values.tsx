import type { OrionEvidence } from '../api/evidence-types';
import { measuredNumber, orionRunRows, sourceText } from '../lib/evidence';
import { EvidenceRows } from './evidence-rows';

/** The grids the curves are read from: each file's run, its columns and rows, and its unit. */
function OrionGrids({ orion, idPrefix }: { orion: OrionEvidence; idPrefix: string }) {
  return (
    <div className="table-scroll">
      <table className="table compact" aria-labelledby={`${idPrefix}-grids-title`} data-testid="orion-grids">
        <caption id={`${idPrefix}-grids-title`}>The grids read</caption>
        <thead>
          <tr>
            <th scope="col">File</th>
            <th scope="col">Run</th>
            <th scope="col">Outstanding small I/Os</th>
            <th scope="col">Outstanding large I/Os</th>
            <th scope="col" className="num">
              Cells
            </th>
            <th scope="col">Unit</th>
          </tr>
        </thead>
        <tbody>
          {orion.grids.map((g) => (
            <tr key={g.file}>
              <td>{g.file}</td>
              <td>
                {g.run_name?.value ?? <span className="muted">not in the name</span>}
                {g.time_stamp && <span className="cell-line muted">{g.time_stamp.value}</span>}
              </td>
              <td>{g.small_columns.join(', ')}</td>
              <td>{g.large_rows.join(', ')}</td>
              <td className="num">{g.points}</td>
              <td>
                {g.unit ?? <span className="muted">not stated</span>}
                <span className="cell-line muted small-text">{g.unit_basis}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** An ORION run as read: its parameters, the IOPS–latency curve (small I/O alone), the MB/s curve (large
 * I/O alone) and the grids it came from; every value with its file and line. */
export function OrionValues({ orion, idPrefix }: { orion: OrionEvidence; idPrefix: string }) {
  return (
    <div className="stack" data-testid="orion-values">
      <EvidenceRows caption="The run's parameters, as its summary states them" rows={orionRunRows(orion.run)} testId="orion-run" />
      <div className="table-scroll">
        <table className="table compact" aria-labelledby={`${idPrefix}-iops-title`} data-testid="orion-iops-latency">
          <caption id={`${idPrefix}-iops-title`}>
            IOPS and latency, small I/O alone (Large=0)
            <span className="source">
              Latency read in {orion.latency_unit_in_file} ({orion.latency_unit_basis}), shown in ms.
            </span>
          </caption>
          <thead>
            <tr>
              <th scope="col" className="num">
                Outstanding small I/Os
              </th>
              <th scope="col" className="num">
                IOPS
              </th>
              <th scope="col" className="num">
                Latency (ms)
              </th>
              <th scope="col">Source</th>
            </tr>
          </thead>
          <tbody>
            {orion.iops_latency.map((p) => (
              <tr key={p.outstanding_small} data-testid="orion-point">
                <td className="num">{p.outstanding_small}</td>
                <td className="num">{measuredNumber(p.iops)}</td>
                <td className="num">{measuredNumber(p.latency_ms)}</td>
                <td>
                  <span className="cell-line">IOPS: {sourceText(p.iops_source)}</span>
                  <span className="cell-line">Latency: {sourceText(p.latency_source)}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {orion.mbps.length > 0 ? (
        <div className="table-scroll">
          <table className="table compact" aria-labelledby={`${idPrefix}-mbps-title`} data-testid="orion-mbps">
            <caption id={`${idPrefix}-mbps-title`}>MB/s, large I/O alone (Small=0)</caption>
            <thead>
              <tr>
                <th scope="col" className="num">
                  Outstanding large I/Os
                </th>
                <th scope="col" className="num">
                  MB/s
                </th>
                <th scope="col">Source</th>
              </tr>
            </thead>
            <tbody>
              {orion.mbps.map((p) => (
                <tr key={p.outstanding_large} data-testid="orion-mbps-point">
                  <td className="num">{p.outstanding_large}</td>
                  <td className="num">{measuredNumber(p.mbps)}</td>
                  <td>{sourceText(p.source)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="muted" data-testid="orion-no-mbps">
          No MB/s curve: the run has no large-I/O points.
        </p>
      )}
      <OrionGrids orion={orion} idPrefix={idPrefix} />
    </div>
  );
}
