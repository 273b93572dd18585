import { useRef, useState } from 'react';
import type { Chart as ChartJS, ChartData, ChartOptions } from 'chart.js';
import { Chart } from 'react-chartjs-2';
import '../../../lib/chartjs';
import { whiteBackgroundPlugin } from '../../../components/chart-plugins';
import { formatNumber } from '../../../components/format';
import { ChartCard } from '../../../components/ui/chart-card';
import { Empty, ErrorMessage, Loading } from '../../../components/ui/status';
import { useCurves } from '../api/curves';
import type { Curve } from '../api/types';
import { buildCurveChart, curveQuantities, defaultCurve, provenance } from '../lib/catalog';

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
  const ref = useRef<ChartJS<'bar'> | null>(null);
  const model = buildCurveChart(curve, quantity);
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
            Source: {provenance(curve.source_document, curve.source_locator)}; points from {model.sources.join('; ')}. Tool: {curve.tool}.
            {curve.notes && ` ${curve.notes}`}
          </>
        }
      >
        <Chart
          ref={ref}
          type="bar"
          data={data as ChartData<'bar', (number | null)[], string[]>}
          options={options}
          plugins={PLUGINS}
          aria-label={`Benchmark curve: ${curve.title}`}
          role="img"
        />
      </ChartCard>
    </div>
  );
}
