/**
 * Two small Chart.js plugins, passed per chart (not registered globally):
 * - shadedRegions: rectangles in data coordinates drawn under the datasets (stress zones);
 * - whiteBackground: an opaque background so a downloaded PNG pastes cleanly into a proposal.
 */
import type { Chart, ChartType, Plugin } from 'chart.js';

export interface ShadedRegion {
  /** Data coordinates; a missing bound extends to the chart area's edge. */
  xMin?: number;
  xMax?: number;
  yMin?: number;
  yMax?: number;
  color: string;
  label?: string;
}

declare module 'chart.js' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface PluginOptionsByType<TType extends ChartType> {
    shadedRegions?: { regions: ShadedRegion[] };
  }
}

export const shadedRegionsPlugin: Plugin = {
  id: 'shadedRegions',
  beforeDatasetsDraw(chart: Chart) {
    // Chart.js types plugin options as DeepPartial; the regions are always complete here.
    const options = chart.options.plugins?.shadedRegions as { regions: ShadedRegion[] } | undefined;
    const { chartArea, scales, ctx } = chart;
    const x = scales.x;
    const y = scales.y;
    if (!options || !x || !y) return;
    ctx.save();
    for (const region of options.regions) {
      const left = region.xMin === undefined ? chartArea.left : x.getPixelForValue(region.xMin);
      const right = region.xMax === undefined ? chartArea.right : x.getPixelForValue(region.xMax);
      const top = region.yMax === undefined ? chartArea.top : y.getPixelForValue(region.yMax);
      const bottom = region.yMin === undefined ? chartArea.bottom : y.getPixelForValue(region.yMin);
      const l = Math.max(chartArea.left, Math.min(left, right));
      const r = Math.min(chartArea.right, Math.max(left, right));
      const t = Math.max(chartArea.top, Math.min(top, bottom));
      const b = Math.min(chartArea.bottom, Math.max(top, bottom));
      if (r <= l || b <= t) continue;
      ctx.fillStyle = region.color;
      ctx.fillRect(l, t, r - l, b - t);
    }
    ctx.restore();
  },
};

export const whiteBackgroundPlugin: Plugin = {
  id: 'whiteBackground',
  beforeDraw(chart: Chart) {
    const { ctx, width, height } = chart;
    ctx.save();
    ctx.globalCompositeOperation = 'destination-over';
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, width, height);
    ctx.restore();
  },
};

/** "Balance chart — Quarter rack" -> "balance-chart-quarter-rack.png" */
export function chartPngFilename(title: string): string {
  const slug = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug || 'chart'}.png`;
}
