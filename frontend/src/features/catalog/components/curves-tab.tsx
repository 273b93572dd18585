import { useRef, useState } from 'react';
import type { Chart as ChartJS, ChartData, ChartOptions } from 'chart.js';
import { Chart, Scatter } from 'react-chartjs-2';
import '../../../lib/chartjs';
import { whiteBackgroundPlugin } from '../../../components/chart-plugins';
import { formatNumber } from '../../../components/format';
import { ChartCard } from '../../../components/ui/chart-card';
import { Empty, ErrorMessage, Loading } from '../../../components/ui/status';
import { useCurves } from '../api/curves';
import type { Curve } from '../api/types';
import { buildCurveChart, buildNumericCurveChart, curveQuantities, defaultCurve, provenance, type NumericCurveChartModel } from '../lib/catalog';

/** One colour per series (the load-response chart's palette). */
const SERIES_COLOURS = ['#1d4ed8', '#0f766e', '#9333ea', '#c2410c', '#be185d', '#4d7c0f'];

const PLUGINS = [whiteBackgroundPlugin];

export function CurvesTab() {
  const curves = useCurves();
  const [slug, setSlug] = useState('');
  if (curves.isPending) return <Loading what="benchmark curves" />;
  if (curves.isError) return <ErrorMessage error={curves.error} />;
  if (!curves.data.results.length) return <Empty>No benchmark curves in the catalog.</Empty>;
  const curve = curves.data.results.find((c) => c.slug === slug) ?? defaultCurve(curves.data.results)!;
  return (
    <div className="stack">
      <div className="field">
        <label htmlFor="curve-pick">Curve</label>
        <select id="curve-pick" value={curve.slug} onChange={(e) => setSlug(e.target.value)}>
          {curves.data.results.map((c) => (
            <option key={c.slug} value={c.slug}>
              {c.title}
            </option>
          ))}
        </select>
      </div>
      <CurveView key={curve.slug} curve={curve} />
    </div>
  );
}

function CurveView({ curve }: { curve: Curve }) {
  const quantities = curveQuantities(curve);
  const [quantity, setQuantity] = useState(quantities[0]?.quantity ?? '');
  const ref = useRef<ChartJS | null>(null);
  const numeric = buildNumericCurveChart(curve, quantity);
  const model = buildCurveChart(curve, quantity);
  const sources = numeric ? numeric.sources : model.sources;
  const data: ChartData<'line' | 'bar', (number | null)[], string[]> = {
    labels: model.labels,
    datasets: [{ type: model.kind, label: `${quantity.replace(/_/g, ' ')} (${model.unit})`, data: model.values, borderColor: '#1d4ed8', backgroundColor: '#1d4ed8', pointRadius: 5, spanGaps: false }],
  };
  const options: ChartOptions<'bar'> = {
    animation: false,
    maintainAspectRatio: false,
    scales: {
      x: { title: { display: true, text: model.xTitle }, ticks: { autoSkip: false, maxRotation: 0 } },
      y: { beginAtZero: true, title: { display: true, text: `${quantity.replace(/_/g, ' ')} (${model.unit})` } },
    },
    plugins: { legend: { display: false }, tooltip: { callbacks: { label: (item) => `${formatNumber(Number(item.raw))} ${model.unit}` } } },
  };
  return (
    <div className="stack">
      <div className="field">
        <label htmlFor="curve-quantity">Quantity</label>
        <select id="curve-quantity" value={quantity} onChange={(e) => setQuantity(e.target.value)}>
          {quantities.map((q) => (
            <option key={q.quantity} value={q.quantity}>
              {q.quantity.replace(/_/g, ' ')} ({q.unit})
            </option>
          ))}
        </select>
      </div>
      <ChartCard
        title={curve.title}
        chartRef={ref as React.RefObject<ChartJS | null>}
        testId="curve-chart"
        caption={
          <>
            Source: {provenance(curve.source_document, curve.source_locator)}; points from {sources.join('; ')}. Tool: {curve.tool}.
            {numeric && ` Points placed by ${numeric.xTitle} on a linear axis; lines join the points of one series only.`}
            {curve.notes && ` ${curve.notes}`}
          </>
        }
      >
        {numeric ? (
          <NumericCurve model={numeric} quantity={quantity} chartRef={ref} label={`Benchmark curve: ${curve.title}`} />
        ) : (
          <Chart
            ref={ref as React.RefObject<ChartJS<'bar'> | null>}
            type="bar"
            data={data as ChartData<'bar', (number | null)[], string[]>}
            options={options}
            plugins={PLUGINS}
            aria-label={`Benchmark curve: ${curve.title}`}
            role="img"
          />
        )}
      </ChartCard>
    </div>
  );
}

/** The curve on a linear x axis: one scatter series per combination of the other conditions, joined within itself. */
function NumericCurve({ model, quantity, chartRef, label }: { model: NumericCurveChartModel; quantity: string; chartRef: React.RefObject<ChartJS | null>; label: string }) {
  const yTitle = `${quantity.replace(/_/g, ' ')} (${model.unit})`;
  const data: ChartData<'scatter'> = {
    datasets: model.series.map((s, i) => {
      const colour = SERIES_COLOURS[i % SERIES_COLOURS.length]!;
      return { label: s.label, data: s.points, showLine: s.joined, borderColor: colour, backgroundColor: colour, pointRadius: 5 };
    }),
  };
  const options: ChartOptions<'scatter'> = {
    animation: false,
    maintainAspectRatio: false,
    scales: {
      x: { type: 'linear', beginAtZero: true, title: { display: true, text: model.xTitle } },
      y: { beginAtZero: true, title: { display: true, text: yTitle } },
    },
    plugins: {
      legend: { display: model.series.length > 1, position: 'bottom', labels: { boxWidth: 12 } },
      tooltip: { callbacks: { label: (item) => `${item.dataset.label}: ${model.xTitle} ${formatNumber(item.parsed.x ?? 0)}, ${formatNumber(item.parsed.y ?? 0)} ${model.unit}` } },
    },
  };
  return <Scatter ref={chartRef as React.RefObject<ChartJS<'scatter'> | null>} data={data} options={options} plugins={PLUGINS} aria-label={label} role="img" />;
}
