import type { ReactNode, RefObject } from 'react';
import type { Chart } from 'chart.js';
import { chartPngFilename } from '../chart-plugins';

interface ChartCardProps {
  title: string;
  chartRef: RefObject<Chart | null>;
  children: ReactNode;
  caption?: ReactNode;
  testId?: string;
  stale?: boolean;
  /** View switches shown above the chart. */
  controls?: ReactNode;
}

/** A chart with its title, a caption naming its source, and a PNG download of what is drawn. */
export function ChartCard({ title, chartRef, children, caption, testId, stale, controls }: ChartCardProps) {
  const download = () => {
    const chart = chartRef.current;
    if (!chart) return;
    const link = document.createElement('a');
    link.href = chart.toBase64Image('image/png', 1);
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
