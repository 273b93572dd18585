import { useRef } from 'react';
import type { Chart as ChartJS, ChartData, ChartOptions } from 'chart.js';
import { Scatter } from 'react-chartjs-2';
import '../../../lib/chartjs';
import { shadedRegionsPlugin, whiteBackgroundPlugin } from '../../../components/chart-plugins';
import { formatNumber } from '../../../components/format';
import { ChartCard } from '../../../components/ui/chart-card';
import type { BalanceSection, OltpEvaluation } from '../api/types';
import { balanceBandCount, balanceDatasets, buildBalanceChart } from '../lib/balance-chart';
import { bandCaption } from '../lib/bands';

const PLUGINS = [shadedRegionsPlugin, whiteBackgroundPlugin];

export function BalanceChart({ balance, evaluation, title }: { balance: BalanceSection; evaluation: OltpEvaluation; title: string }) {
  const ref = useRef<ChartJS<'scatter'> | null>(null);
  const model = buildBalanceChart(balance, evaluation);
  const data: ChartData<'scatter'> = { datasets: balanceDatasets(model) };
  const t = model.thresholds;
  // The band's edge datasets lead the list: no legend entry, no tooltip.
  const bandCount = balanceBandCount(model);
  const options: ChartOptions<'scatter'> = {
    animation: false,
    maintainAspectRatio: false,
    // Room for a marker drawn unclipped on the right or top edge.
    layout: { padding: { top: 10, right: 12 } },
    scales: {
      x: { min: 0, max: model.xMax, title: { display: true, text: 'Server CPU utilisation (%)' } },
      y: { min: 0, max: model.yMax, title: { display: true, text: 'Storage read latency (ms)' } },
    },
    plugins: {
      shadedRegions: { regions: model.regions },
      legend: { position: 'bottom', labels: { filter: (item) => (item.datasetIndex ?? -1) >= bandCount } },
      tooltip: {
        filter: (item) => item.datasetIndex >= bandCount,
        callbacks: { label: (item) => `${item.dataset.label}: CPU ${formatNumber(item.parsed.x ?? 0)}%, ${formatNumber(item.parsed.y ?? 0)} ms` },
      },
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
          {model.latencyBand && (
            <span data-testid="balance-band">
              {' '}
              Shaded around the curve: the storage latency {bandCaption(model.latencyBand)}
              {model.latencyBand.widened ? ', widened because the design reaches beyond the measured configurations' : ''}.
            </span>
          )}
        </>
      }
    >
      <Scatter ref={ref} data={data} options={options} plugins={PLUGINS} aria-label="Balance chart: CPU against read latency" role="img" />
    </ChartCard>
  );
}
