import type { ReactNode, RefObject } from 'react';
import type { Chart } from 'chart.js';
import { chartPngFilename, exportPng } from '../chart-plugins';

interface ChartCardProps {
  title: string;
  chartRef: RefObject<Chart | null>;
  children: ReactNode;
  caption?: ReactNode;
  testId?: string;
  stale?: boolean;
  /** View switches shown above the chart. */
  controls?: ReactNode;
  /** The second line of the downloaded PNG's heading (the design's platform). */
  exportSubtitle?: string;
}

/** A chart with its title, a caption naming its source, and a PNG download of what is drawn, titled. */
export function ChartCard({ title, chartRef, children, caption, testId, stale, controls, exportSubtitle }: ChartCardProps) {
  const download = () => {
    const chart = chartRef.current;
    if (!chart) return;
    const link = document.createElement('a');
    link.href = exportPng(chart, { title, subtitle: exportSubtitle });
    link.download = chartPngFilename(title);
    link.click();
  };
  return (
    <figure className={`card chart-card${stale ? ' stale' : ''}`} data-testid={testId}>
      <div className="chart-card-head">
        <h3>{title}</h3>
        <button type="button" className="secondary small" onClick={download}>
          Download PNG
        </button>
      </div>
      {controls}
      <div className="chart-box">{children}</div>
      {caption && <figcaption className="muted small-text">{caption}</figcaption>}
    </figure>
  );
}

/** "Focused" or "Full range": the value axis of a latency or response chart. */
export function AxisRangeToggle({ name, value, onChange, label }: { name: string; value: 'focused' | 'full'; onChange: (range: 'focused' | 'full') => void; label: string }) {
  return (
    <div className="radio-row" role="radiogroup" aria-label={label}>
      <label>
        <input type="radio" name={name} checked={value === 'focused'} onChange={() => onChange('focused')} />
        Focused
      </label>
      <label>
        <input type="radio" name={name} checked={value === 'full'} onChange={() => onChange('full')} />
        Full range
      </label>
    </div>
  );
}
