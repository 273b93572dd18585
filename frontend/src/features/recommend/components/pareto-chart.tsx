import { useRef } from 'react';
import type { ActiveElement, Chart as ChartJS, ChartData, ChartOptions, Plugin } from 'chart.js';
import { Scatter } from 'react-chartjs-2';
import '../../../lib/chartjs';
import { whiteBackgroundPlugin } from '../../../components/chart-plugins';
import { ChartCard } from '../../../components/ui/chart-card';
import { axisNumber, buildParetoModel, tooltipLines, type ParetoPoint } from '../lib/pareto-chart';
import type { Recommendation } from '../api/types';

type Datum = { x: number; y: number; point: ParetoPoint };

/**
 * Writes where each point is drawn (CSS pixels, the candidate's key) on the canvas's data-points, after
 * every draw: what the e2e test clicks, and a text a reader of the DOM can check against the table.
 */
const pointPositionsPlugin: Plugin<'scatter'> = {
  id: 'pointPositions',
  afterDraw(chart) {
    const positions = chart.data.datasets.flatMap((dataset, i) =>
      chart.getDatasetMeta(i).data.map((element, j) => ({ key: (dataset.data[j] as unknown as Datum).point.key, x: element.x, y: element.y })),
    );
    chart.canvas.dataset.points = JSON.stringify(positions);
  },
};

const PLUGINS = [whiteBackgroundPlugin as Plugin<'scatter'>, pointPositionsPlugin];

interface Props {
  recommendation: Recommendation;
  selectedKey: string | null;
  onSelect: (key: string) => void;
}

export function ParetoChart({ recommendation, selectedKey, onSelect }: Props) {
  const ref = useRef<ChartJS<'scatter'> | null>(null);
  const model = buildParetoModel(recommendation);
  const datum = (p: ParetoPoint): Datum => ({ x: p.x, y: p.y, point: p });
  const radius = (points: ParetoPoint[]) => points.map((p) => (p.key === selectedKey ? 9 : 6));
  const front = model.points.filter((p) => p.pareto);
  const rest = model.points.filter((p) => !p.pareto);
  const data: ChartData<'scatter', Datum[]> = {
    datasets: [
      { label: 'Pareto front', data: front.map(datum), backgroundColor: '#1d4ed8', borderColor: '#1e3a8a', pointRadius: radius(front), pointHoverRadius: 10 },
      { label: 'Other candidates', data: rest.map(datum), backgroundColor: '#94a3b8', borderColor: '#475569', pointRadius: radius(rest), pointHoverRadius: 9 },
    ],
  };
  const options: ChartOptions<'scatter'> = {
    animation: false,
    maintainAspectRatio: false,
    onClick: (_event, elements: ActiveElement[]) => {
      const hit = elements[0];
      if (!hit) return;
      const d = data.datasets[hit.datasetIndex]?.data[hit.index];
      if (d) onSelect(d.point.key);
    },
    scales: {
      x: { grace: '5%', title: { display: true, text: model.xTitle }, ticks: { callback: (v) => axisNumber(Number(v)) } },
      y: { grace: '5%', title: { display: true, text: 'Headroom (%)' } },
    },
    plugins: {
      legend: { position: 'bottom', labels: { boxWidth: 12 } },
      tooltip: { callbacks: { label: (item) => tooltipLines((item.raw as Datum).point) } },
    },
  };
  const caption = `Each point is a candidate; blue points are the Pareto front (no other candidate is both cheaper and has more headroom). Click a point to select its row.${
    model.leftOff ? ` ${model.leftOff} candidates without a known cost are not drawn.` : ''
  }`;
  return (
    <ChartCard title={recommendation.ranking === 'cost' ? 'Cost against headroom' : 'Size against headroom'} chartRef={ref as React.RefObject<ChartJS | null>} testId="pareto-chart" caption={caption}>
      <Scatter ref={ref} data={data} options={options} plugins={PLUGINS} aria-label="Pareto chart of the candidates: cost or size against headroom" role="img" />
    </ChartCard>
  );
}
