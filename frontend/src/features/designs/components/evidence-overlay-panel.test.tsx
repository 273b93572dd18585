import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calibratedOverlay, comparedOverlay, ERROR_BANDS_NOTE, SWINGBENCH_UNUSED_NOTE } from '../lib/evidence-overlay-fixture';
import { EvidenceOverlayComparison } from './evidence-overlay-comparison';
import { EvidenceOverlayImports } from './evidence-overlay-imports';
import { EvidenceOverlayPanel } from './evidence-overlay-panel';
import { EvidenceOverlayPoints } from './evidence-overlay-points';

const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent);

describe('the evidence overlay panel', () => {
  it('shows the catalog-only projection beside the calibrated one, and the difference', () => {
    render(<EvidenceOverlayComparison overlay={calibratedOverlay()} />);
    expect(screen.getByRole('columnheader', { name: 'Catalog only' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Calibrated' })).toBeInTheDocument();
    expect(cells(screen.getByTestId('overlay-figure-max_sustained_tps'))).toEqual(['350 TPS', '361 TPS', '+11.5 TPS (+3.3%)']);
    expect(cells(screen.getByTestId('overlay-figure-response_at_design'))).toEqual(['81.6 ms', '74.9 ms', '−6.73 ms (−8.2%)']);
    expect(cells(screen.getByTestId('overlay-figure-storage_latency_at_design'))).toEqual(['3.15 ms', '2.87 ms', '−0.276 ms (−8.8%)']);
    expect(cells(screen.getByTestId('overlay-figure-headroom_pct'))).toEqual(['23.1%', '27.2%', '+4.06 points (+17.6%)']);
    expect(cells(screen.getByTestId('overlay-figure-verdict'))).toEqual(['Does not hold', 'Does not hold', 'Unchanged']);
    // the figure an OLTP evaluation has not is not a row
    expect(screen.queryByTestId('overlay-figure-sustained_throughput')).toBeNull();
  });

  it('says when the verdict changed', () => {
    const overlay = calibratedOverlay();
    overlay.headline.verdict = 'holds';
    overlay.difference.verdict_changed = true;
    render(<EvidenceOverlayComparison overlay={overlay} />);
    const verdict = screen.getByTestId('overlay-figure-verdict');
    expect(cells(verdict)).toEqual(['Does not hold', 'Holds', 'Changed']);
    expect(within(verdict).getByText('Changed')).toHaveClass('badge-ok');
  });

  it('lists the imports the model read and the ones it did not, with their notes', () => {
    render(<EvidenceOverlayImports overlay={calibratedOverlay()} />);
    expect(screen.getByTestId('overlay-import-12')).toHaveTextContent('prod ORION run, 5 points · Prod PS6010XV (equallogic, PS6010XV) Used by the model');
    const swingbench = screen.getByTestId('overlay-import-15');
    expect(within(swingbench).getByText('Not used by the model')).toHaveClass('badge-warn');
    expect(within(swingbench).getByText(/2 of 2,000 transactions failed/)).toBeInTheDocument();
  });

  it('tabulates every imported point against the model, and says what the error bands are', () => {
    render(<EvidenceOverlayPoints overlay={calibratedOverlay()} />);
    const rows = screen.getAllByTestId('overlay-point');
    expect(rows).toHaveLength(9);
    expect(cells(rows[3]!)).toEqual(['prodprod_iops.csv, line 2, column 5', '8 KB, 70 % read, 14 ms (64 outstanding)', 'IOPS', '4,300 IOPS', '4,262 IOPS', '−0.9%']);
    expect(cells(rows[4]!)[4]).toBe('—not predicted: no family model gives MB/s at an outstanding large-I/O count');
    expect(cells(rows[8]!).slice(3)).toEqual(['80 ms', '39.5 ms', '−50.6%']);
    expect(screen.getByText(/8 of 9 imported points predicted by the recalibrated model/)).toBeInTheDocument();
    expect(screen.getByTestId('evidence-overlay-error-bands')).toHaveTextContent(ERROR_BANDS_NOTE);
  });

  it('puts it together: what the evaluation is on, the comparison, the imports, the notes and the points', () => {
    render(<EvidenceOverlayPanel overlay={calibratedOverlay()} />);
    const panel = screen.getByRole('region', { name: 'Our measurements' });
    expect(within(panel).getByTestId('evidence-overlay-summary')).toHaveTextContent(/^Calibrated on 2 of the team's evidence imports/);
    expect(within(panel).getByTestId('evidence-overlay-comparison')).toBeInTheDocument();
    expect(within(panel).getByTestId('evidence-overlay-imports')).toBeInTheDocument();
    expect(within(panel).getByTestId('evidence-overlay-notes')).toHaveTextContent(SWINGBENCH_UNUSED_NOTE);
    expect(within(panel).getByTestId('evidence-overlay-points')).toBeInTheDocument();
  });

  it('not calibrated: the imports are compared with the catalog’s model only', () => {
    render(<EvidenceOverlayPanel overlay={comparedOverlay()} />);
    expect(screen.getByTestId('evidence-overlay-summary')).toHaveTextContent(/^Not calibrated/);
    expect(screen.getByRole('columnheader', { name: 'This evaluation' })).toBeInTheDocument();
    expect(screen.getAllByText('Compared only')).toHaveLength(2);
    expect(screen.getByText(/imported points predicted by the catalog's model/)).toBeInTheDocument();
    expect(screen.getByTestId('evidence-overlay-notes')).toHaveTextContent(/calibrate_on_evidence is off/);
  });
});
