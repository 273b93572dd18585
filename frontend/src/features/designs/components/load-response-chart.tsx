import { memo, useRef, useState } from 'react';
import type { Chart as ChartJS, ChartData, ChartOptions } from 'chart.js';
import { Scatter } from 'react-chartjs-2';
import '../../../lib/chartjs';
import { shadedRegionsPlugin, whiteBackgroundPlugin, zoneLegend } from '../../../components/chart-plugins';
import { formatNumber, formatValue, plural } from '../../../components/format';
import { AxisRangeToggle, ChartCard } from '../../../components/ui/chart-card';
import type { ProjectionSeries, Quantity } from '../api/types';
import { axisTitle, scaleOf, type AxisRange } from '../lib/axes';
import { bandCaption, bandView } from '../lib/bands';
import { loadResponseSubtitle } from '../lib/chart-heading';
import { loadResponseSummary, throughputSummary } from '../lib/chart-summaries';
import { noMeasuredPoint } from '../lib/measured';
import {
  bandDatasets,
  buildLoadResponseChart,
  buildThroughputChart,
  designLoadText,
  isBandDataset,
  loadResponseDatasets,
  responseZoneItems,
  seriesDatasets,
  type DesignLoad,
  type LoadResponseBands,
} from '../lib/load-response-chart';

const PLUGINS = [shadedRegionsPlugin, whiteBackgroundPlugin];

interface Props {
  projection: { sla: Quantity; series: ProjectionSeries[] };
  racNodes: number;
  /** The design's own load, marked on the response view. */
  designLoad?: DesignLoad | null;
  /** The error bands: the response's (shaded around every line) and the maximum TPS's; none: no shading. */
  bands?: LoadResponseBands;
  title: string;
  /** The design's platform, for the downloaded PNG's heading (the chart's own scale otherwise). */
  platform?: string;
  /** What limits the design (summary.limits.statement), said in the caption. */
  limits?: string;
  /** The design load beyond the configuration's maximum, in words (design-load.ts): said, not drawn. */
  unreachable?: string | null;
}

function LoadResponseChartView({ projection, racNodes, designLoad = null, bands, title, platform, limits, unreachable = null }: Props) {
  const ref = useRef<ChartJS<'scatter'> | null>(null);
  const [view, setView] = useState<'response' | 'throughput'>('response');
  const [range, setRange] = useState<AxisRange>('focused');
  const model = buildLoadResponseChart(projection, racNodes, designLoad, bands, range);
  const throughput = buildThroughputChart(projection, racNodes);
  const responseData: ChartData<'scatter'> = { datasets: loadResponseDatasets(model) };
  // The design-load triangle is the last dataset; its label carries the real response (it may be
  // drawn at the top edge when the response is beyond the axis).
  const designIndex = model.designLoad ? responseData.datasets.length - 1 : -1;
  const throughputData: ChartData<'scatter'> = {
    datasets: [
      ...seriesDatasets(throughput.series),
      ...(throughput.maxSustained
        ? [{ label: 'Maximum sustained TPS (SLA reached)', data: [throughput.maxSustained], borderColor: '#0f172a', backgroundColor: '#f59e0b', pointStyle: 'rectRot' as const, pointRadius: 9 }]
        : []),
    ],
  };
  const responseView = view === 'response';
  // The band datasets lead the response view's list (loadResponseDatasets); the throughput view has none.
  const bandCount = responseView ? bandDatasets(model.series).length : 0;
  const notBand = (datasetIndex: number) => !isBandDataset(datasetIndex, bandCount);
  const options: ChartOptions<'scatter'> = {
    animation: false,
    maintainAspectRatio: false,
    scales: responseView
      ? {
          x: { min: 0, max: model.xMax, title: { display: true, text: 'Throughput (TPS)' } },
          y: { ...scaleOf(model.yAxis), title: { display: true, text: axisTitle('Response time', 'ms', model.yAxis) } },
        }
      : {
          x: { min: 0, max: throughput.xMax, title: { display: true, text: 'Concurrent users' } },
          y: { min: 0, title: { display: true, text: 'Throughput (TPS)' } },
        },
    plugins: {
      // The SLA region is shaded on the response view only.
      shadedRegions: { regions: responseView ? model.regions : [] },
      legend: zoneLegend(responseView ? responseZoneItems(model) : [], notBand),
      tooltip: {
        filter: (item) => notBand(item.datasetIndex),
        callbacks: {
          label: (item) =>
            responseView && item.datasetIndex === designIndex
              ? String(item.dataset.label)
              : responseView
              ? `${item.dataset.label}: ${formatNumber(item.parsed.x ?? 0)} TPS, ${formatNumber(item.parsed.y ?? 0)} ms`
              : `${item.dataset.label}: ${formatNumber(item.parsed.x ?? 0)} users, ${formatNumber(item.parsed.y ?? 0)} TPS`,
        },
      },
    },
  };
  return (
    <ChartCard
      title={`${responseView ? 'Load–response' : 'Throughput vs users'} — ${title}`}
      chartRef={ref as React.RefObject<ChartJS | null>}
      testId="load-response-chart"
      exportSubtitle={loadResponseSubtitle(platform, racNodes, model.slaMs)}
      controls={
        <div className="chart-controls">
        <div className="radio-row" role="radiogroup" aria-label="Projection view">
          <label>
            <input type="radio" name="projection-view" checked={responseView} onChange={() => setView('response')} />
            Response time vs TPS
          </label>
          <label>
            <input type="radio" name="projection-view" checked={!responseView} onChange={() => setView('throughput')} />
            TPS vs users
          </label>
        </div>
        {responseView && <AxisRangeToggle name="response-range" label="Response axis" value={range} onChange={setRange} />}
        </div>
      }
      caption={
        <span data-testid="load-response-caption">
          Marked: {racNodes} RAC {plural(racNodes, 'node')} {plural(racNodes, 'sustains', 'sustain')} {formatValue(model.maxSustainedTps, 'TPS')} within{' '}
          {formatNumber(model.slaMs)} ms.
          {limits && <span data-testid="load-response-limits"> {limits}</span>}
          {responseView && unreachable && !model.designLoad && (
            <span data-testid="load-response-unreachable"> The design load: {unreachable}; no number of users reaches it, so no design point is drawn.</span>
          )}
          {responseView && model.designLoad && (
            <>
              {' '}
              Triangle: the design load, {designLoadText(model.designLoad)}
              {model.designLoad.offScale ? ' (drawn at the top edge: its response is above the axis)' : ''}.
            </>
          )}
          {responseView && (
            <>
              {' '}
              {range === 'focused' ? 'Response axis focused on the SLA and the design load' : 'Response axis over the full model range'}
              {model.yAxis.type === 'logarithmic' ? ' (log scale)' : ''}.
            </>
          )}{' '}
          Model lines (closed-network MVA calibrated on the measured evidence); squares are
          measured points where the evidence has them.
          {responseView && model.responseBand && (
            <span data-testid="load-response-band">
              {' '}
              Shaded: the response {bandCaption(model.responseBand)} around each line
              {model.responseBand.widened ? ', widened because the design reaches beyond the measured configurations' : ''}
              {model.tpsInterval ? `; the bar on the SLA line is the maximum TPS, ${bandView(model.tpsInterval.band).text}` : ''}.
            </span>
          )}
          {model.measuredNotes.length > 0 && <> Measured: {model.measuredNotes.join('; ')}.</>}
          {noMeasuredPoint(projection.series) && (
            <span data-testid="load-response-no-measured">
              {' '}
              No measured point for this configuration: the evidence has no run of its storage, ASM volumes and benchmark.
            </span>
          )}
        </span>
      }
    >
      <Scatter
        ref={ref}
        data={responseView ? responseData : throughputData}
        options={options}
        plugins={PLUGINS}
        aria-label={responseView ? loadResponseSummary(model, racNodes, unreachable) : throughputSummary(throughput, racNodes)}
        role="img"
      />
    </ChartCard>
  );
}

/** Memoised: a re-render of the results with the same evaluation (an edit marking it stale) does not redraw it. */
export const LoadResponseChart = memo(LoadResponseChartView);
