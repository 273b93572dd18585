import { citation } from '../../../lib/citation';
import { memo, useRef } from 'react';
import type { Chart as ChartJS, ChartData, ChartOptions } from 'chart.js';
import { Chart } from 'react-chartjs-2';
import '../../../lib/chartjs';
import { whiteBackgroundPlugin } from '../../../components/chart-plugins';
import { formatNumber, plural } from '../../../components/format';
import { ChartCard } from '../../../components/ui/chart-card';
import type { CapacitySection } from '../api/types';
import { buildCapacityChart, fullInText } from '../lib/capacity-chart';
import { capacitySummary } from '../lib/chart-summaries';
import { raidLabel, usePlatforms } from '../../../lib/platforms';

const PLUGINS = [whiteBackgroundPlugin];

interface Props {
  capacity: CapacitySection;
  growthPct: number;
  horizonYears: number;
  title: string;
  /** The design's platform, for the downloaded PNG's heading. */
  platform?: string;
}

function CapacityChartView({ capacity, growthPct, horizonYears, title, platform }: Props) {
  const ref = useRef<ChartJS<'bar'> | null>(null);
  const platforms = usePlatforms();
  const model = buildCapacityChart(capacity, growthPct, horizonYears);
  const full = fullInText(model.fullInYear);
  const data: ChartData<'bar' | 'line', number[], string> = {
    labels: model.labels,
    datasets: [
      ...model.stacks.map((s) => ({ type: 'bar' as const, label: s.label, data: s.values, backgroundColor: s.colour, stack: 'needed' })),
      {
        type: 'line' as const,
        label: `Usable (${raidLabel(platforms.data, capacity.raid)})`,
        data: model.labels.map(() => model.usable),
        borderColor: '#b91c1c',
        borderDash: [6, 4],
        pointRadius: 0,
      },
    ],
  };
  const options: ChartOptions<'bar'> = {
    animation: false,
    maintainAspectRatio: false,
    scales: {
      x: { stacked: true },
      y: { stacked: true, beginAtZero: true, title: { display: true, text: `Capacity (${model.unit})` } },
    },
    plugins: {
      legend: { position: 'bottom', labels: { boxWidth: 12 } },
      tooltip: { callbacks: { label: (item) => `${item.dataset.label}: ${formatNumber(Number(item.raw))} ${model.unit}` } },
    },
  };
  return (
    <ChartCard
      title={`Capacity — ${title}`}
      chartRef={ref as React.RefObject<ChartJS | null>}
      testId="capacity-chart"
      exportSubtitle={[platform, `${formatNumber(model.usable)} ${model.unit} usable (${raidLabel(platforms.data, capacity.raid)})`, `${formatNumber(growthPct)}%/year over ${horizonYears} ${plural(horizonYears, 'year')}`]
        .filter(Boolean)
        .join(' · ')}
      caption={
        <>
          Growing {formatNumber(growthPct)}%/year over {horizonYears} {plural(horizonYears, 'year')} against {formatNumber(model.usable)} {model.unit} usable
          {full ? `; ${full}` : ''}. Rule: {capacity.rule ? citation(capacity.rule.source) : '—'}
          {capacity.hardware_source ? `; hardware: ${citation(capacity.hardware_source)}` : ''}.
        </>
      }
    >
      <Chart ref={ref} type="bar" data={data as ChartData<'bar'>} options={options} plugins={PLUGINS} aria-label={capacitySummary(model, growthPct)} role="img" />
    </ChartCard>
  );
}

/** Memoised: a re-render of the results with the same evaluation (an edit marking it stale) does not redraw it. */
export const CapacityChart = memo(CapacityChartView);
