import { useRef } from 'react';
import type { Chart as ChartJS, ChartData, ChartOptions } from 'chart.js';
import { Scatter } from 'react-chartjs-2';
import '../../../lib/chartjs';
import { shadedRegionsPlugin, whiteBackgroundPlugin } from '../../../components/chart-plugins';
import { formatNumber } from '../../../components/format';
import { ChartCard } from '../../../components/ui/chart-card';
import type { BalanceSection, EngineEvaluation } from '../api/types';
import { buildBalanceChart } from '../lib/balance-chart';

const PLUGINS = [shadedRegionsPlugin, whiteBackgroundPlugin];

export function BalanceChart({ balance, evaluation, title }: { balance: BalanceSection; evaluation: EngineEvaluation; title: string }) {
  const ref = useRef<ChartJS<'scatter'> | null>(null);
  const model = buildBalanceChart(balance, evaluation);
  const data: ChartData<'scatter'> = {
    datasets: [
      { label: 'Model as load grows', data: model.curve, showLine: true, borderColor: '#1d4ed8', backgroundColor: '#1d4ed8', pointRadius: 3 },
      { label: 'At the SLA limit', data: [model.atSla], borderColor: '#0f172a', backgroundColor: '#0f172a', pointStyle: 'rectRot', pointRadius: 8 },
      ...(model.operating
        ? [{ label: 'Design load (operating point)', data: [model.operating], borderColor: '#b91c1c', backgroundColor: '#b91c1c', pointStyle: 'triangle' as const, pointRadius: 9 }]
        : []),
    ],
  };
  const t = model.thresholds;
  const options: ChartOptions<'scatter'> = {
    animation: false,
    maintainAspectRatio: false,
    scales: {
      x: { min: 0, max: model.xMax, title: { display: true, text: 'Server CPU utilisation (%)' } },
      y: { min: 0, max: model.yMax, title: { display: true, text: 'Storage read latency (ms)' } },
    },
    plugins: {
      shadedRegions: { regions: model.regions },
      legend: { position: 'bottom' },
      tooltip: { callbacks: { label: (item) => `${item.dataset.label}: CPU ${formatNumber(item.parsed.x ?? 0)}%, ${formatNumber(item.parsed.y ?? 0)} ms` } },
    },
  };
  return (
    <ChartCard
      title={`Balance — ${title}`}
      chartRef={ref as React.RefObject<ChartJS | null>}
      testId="balance-chart"
      caption={
        <>
          Classification: <strong>{balance.classification}</strong>. Amber: CPU {t.cpuStress}–{t.cpuLimit}% or read latency{' '}
          {t.latencyStress}–{t.latencyLimit} ms; red beyond. Thresholds:{' '}
          {balance.zones.rules.map((r) => `${r.slug} v${r.version} (${r.source})`).join('; ')}.
        </>
      }
    >
      <Scatter ref={ref} data={data} options={options} plugins={PLUGINS} aria-label="Balance chart: CPU against read latency" role="img" />
    </ChartCard>
  );
}
