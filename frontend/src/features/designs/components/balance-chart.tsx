import { citation } from '../../../lib/citation';
import { memo, useRef, useState } from 'react';
import type { Chart as ChartJS, ChartData, ChartOptions } from 'chart.js';
import { Scatter } from 'react-chartjs-2';
import '../../../lib/chartjs';
import { shadedRegionsPlugin, whiteBackgroundPlugin, zoneLegend } from '../../../components/chart-plugins';
import { formatNumber } from '../../../components/format';
import { AxisRangeToggle, ChartCard } from '../../../components/ui/chart-card';
import { limitsStatement } from '../../../lib/bottleneck';
import { BALANCE } from '../../../lib/display-names.generated';
import { usePlatforms } from '../../../lib/platforms';
import type { BalanceSection, OltpEvaluation } from '../api/types';
import { axisTitle, scaleOf, type AxisRange } from '../lib/axes';
import { balanceBandCount, balanceDatasets, balanceZoneItems, buildBalanceChart } from '../lib/balance-chart';
import { bandCaption } from '../lib/bands';
import { platformText } from '../lib/chart-heading';
import { balanceSummary } from '../lib/chart-summaries';
import { aloneDatasets, databaseMarkerDatasets, databaseMarkers, markersSummary, withDatabaseMarkers } from '../lib/balance-markers';
import type { Consolidation } from '../lib/consolidation';

const PLUGINS = [shadedRegionsPlugin, whiteBackgroundPlugin];

interface Props {
  balance: BalanceSection;
  evaluation: OltpEvaluation;
  title: string;
  /** A design of several databases: them together (one marker per OLTP database); else null. */
  consolidation?: Pick<Consolidation, 'balance'> | null;
}

function BalanceChartView({ balance, evaluation, title, consolidation }: Props) {
  const ref = useRef<ChartJS<'scatter'> | null>(null);
  const [range, setRange] = useState<AxisRange>('focused');
  const platforms = usePlatforms();
  // Several databases: their markers in place of the single design point (the evaluation is then the
  // first database alone: its curve and SLA marker say so). One database: the chart as it always was.
  const markers = databaseMarkers(consolidation);
  const several = markers.length > 0;
  const model = withDatabaseMarkers(buildBalanceChart(balance, evaluation, range), markers);
  const data: ChartData<'scatter'> = {
    datasets: several ? [...aloneDatasets(balanceDatasets(model)), ...databaseMarkerDatasets(markers)] : balanceDatasets(model),
  };
  const t = model.thresholds;
  const classification = BALANCE[balance.classification] ?? balance.classification;
  const limits = limitsStatement(evaluation.summary.limits);
  // The band's edge datasets lead the list: no legend entry, no tooltip.
  const bandCount = balanceBandCount(model);
  const options: ChartOptions<'scatter'> = {
    animation: false,
    maintainAspectRatio: false,
    // Room for a marker drawn unclipped on the right or top edge.
    layout: { padding: { top: 10, right: 12 } },
    scales: {
      x: { min: 0, max: model.xMax, title: { display: true, text: 'Server CPU utilisation (%)' } },
      y: { ...scaleOf(model.yAxis), title: { display: true, text: axisTitle('Storage read latency', 'ms', model.yAxis) } },
    },
    plugins: {
      shadedRegions: { regions: model.regions },
      legend: zoneLegend(balanceZoneItems(model), (index) => index >= bandCount),
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
      exportSubtitle={platformText(evaluation.inputs.platform, platforms.data)}
      controls={<AxisRangeToggle name="balance-range" label="Latency axis" value={range} onChange={setRange} />}
      caption={
        <>
          Classification: <strong data-testid="balance-classification">{classification}</strong>.{' '}
          {limits && <span data-testid="balance-limits">{limits} </span>}
          {several && (
            <span data-testid="balance-databases">
              One marker per database, at the RAC nodes' CPU they load together and the storage latency each sees beside the
              others; the curve and the SLA marker are the design's first database alone on this platform.{' '}
            </span>
          )}
          {range === 'focused'
            ? `Latency axis focused on the zones and ${several ? "the databases' markers" : 'the design point'}`
            : 'Latency axis over the full model range'}
          {model.yAxis.type === 'logarithmic' ? ' (log scale)' : ''}. Amber: CPU {t.cpuStress}–{t.cpuLimit}% or read latency{' '}
          {t.latencyStress}–{t.latencyLimit} ms; red beyond. Thresholds:{' '}
          {balance.zones.rules.map((r) => citation(r.source)).join('; ')}.
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
      <Scatter ref={ref} data={data} options={options} plugins={PLUGINS} aria-label={several ? markersSummary(model, markers, classification) : balanceSummary(model, classification)} role="img" />
    </ChartCard>
  );
}

/** Memoised: a re-render of the results with the same evaluation (an edit marking it stale) does not redraw it. */
export const BalanceChart = memo(BalanceChartView);
