/**
 * Two small Chart.js plugins, passed per chart (not registered globally):
 * - shadedRegions: rectangles in data coordinates drawn under the datasets (stress zones);
 * - whiteBackground: an opaque background so a downloaded PNG pastes cleanly into a proposal;
 * and the legend options that list those zones beside the datasets (Chart.js legends list datasets
 * only; the zones are drawn by the plugin, so their entries are added to the generated labels).
 */
import { Chart, type ChartType, type LegendItem, type LegendOptions, type Plugin } from 'chart.js';

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

/** A legend entry for something drawn without a dataset (a shaded zone, a band). */
export interface ZoneLegendItem {
  text: string;
  fillStyle: string;
  strokeStyle?: string;
  lineDash?: number[];
}

/** Marks a zone entry: it toggles nothing when clicked (no dataset behind it). */
const ZONE = -1;

/** The datasets' entries that `keep` accepts, then one entry per zone. */
export function withZoneItems(datasetItems: LegendItem[], zones: ZoneLegendItem[], keep: (datasetIndex: number) => boolean = () => true): LegendItem[] {
  return [
    ...datasetItems.filter((item) => keep(item.datasetIndex ?? ZONE)),
    ...zones.map((z) => ({
      text: z.text,
      fillStyle: z.fillStyle,
      strokeStyle: z.strokeStyle ?? z.fillStyle,
      lineWidth: z.strokeStyle ? 2 : 0,
      lineDash: z.lineDash ?? [],
      hidden: false,
      datasetIndex: ZONE,
    })),
  ];
}

export const isZoneItem = (item: Pick<LegendItem, 'datasetIndex'>): boolean => item.datasetIndex === ZONE;

/**
 * Legend options with the zones listed after the datasets `keep` accepts (band edges are left out);
 * a click on a zone entry does nothing, a click on a dataset entry hides it as usual.
 */
export function zoneLegend(
  zones: ZoneLegendItem[],
  keep: (datasetIndex: number) => boolean = () => true,
): Partial<LegendOptions<'scatter'>> {
  return {
    position: 'bottom',
    labels: {
      // Small entries: the zones add up to four to a legend that already lists every series.
      boxWidth: 10,
      padding: 6,
      font: { size: 11 },
      generateLabels: (chart) => withZoneItems(Chart.defaults.plugins.legend.labels.generateLabels(chart), zones, keep),
    } as LegendOptions<'scatter'>['labels'],
    onClick(event, item, legend) {
      if (isZoneItem(item)) return;
      Chart.defaults.plugins.legend.onClick.call(this, event, item, legend);
    },
  };
}

/** What a downloaded PNG says above the chart: the chart's title and the design it belongs to. */
export interface ExportHeading {
  title: string;
  /** The design's platform and scale, e.g. "Dell EqualLogic PS6010XV (15K SAS) · 2 RAC nodes · 1 array". */
  subtitle?: string;
}

/** The part of a 2D context the heading needs (a real canvas in the browser; a recorder in tests). */
export type HeadingContext = Pick<CanvasRenderingContext2D, 'fillStyle' | 'font' | 'textBaseline' | 'fillRect' | 'fillText' | 'drawImage'>;

/** Heading sizes in CSS pixels (scaled by the canvas's pixel ratio). */
export const HEADING = { titlePx: 16, subtitlePx: 12, padding: 10, gap: 6, font: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' };

/** The heading band's height in canvas pixels. */
export function headingHeight(heading: ExportHeading, scale: number): number {
  const lines = HEADING.titlePx + (heading.subtitle ? HEADING.gap + HEADING.subtitlePx : 0);
  return Math.ceil((lines + 2 * HEADING.padding) * scale);
}

/**
 * Draws the export: a white page, the heading (title bold, subtitle below it in grey) and the chart's
 * canvas under it. The chart's own legend (datasets and zones) is part of its canvas.
 */
export function drawExport(ctx: HeadingContext, chartCanvas: CanvasImageSource & { width: number; height: number }, heading: ExportHeading, scale: number): void {
  const top = headingHeight(heading, scale);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, chartCanvas.width, chartCanvas.height + top);
  ctx.textBaseline = 'top';
  ctx.fillStyle = '#0f172a';
  ctx.font = `600 ${HEADING.titlePx * scale}px ${HEADING.font}`;
  ctx.fillText(heading.title, HEADING.padding * scale, HEADING.padding * scale);
  if (heading.subtitle) {
    ctx.fillStyle = '#475569';
    ctx.font = `${HEADING.subtitlePx * scale}px ${HEADING.font}`;
    ctx.fillText(heading.subtitle, HEADING.padding * scale, (HEADING.padding + HEADING.titlePx + HEADING.gap) * scale);
  }
  ctx.drawImage(chartCanvas, 0, top);
}

/**
 * The PNG (a data URL) of the chart as drawn, under its heading. Drawn on a new canvas so the chart on
 * screen is left as it is; where no 2D canvas exists (a test DOM) the chart's own image is returned.
 */
export function exportPng(chart: Pick<Chart, 'canvas' | 'toBase64Image'>, heading: ExportHeading, doc: Document = document): string {
  const source = chart.canvas;
  const scale = source.clientWidth > 0 ? source.width / source.clientWidth : 1;
  const page = doc.createElement('canvas');
  page.width = source.width;
  page.height = source.height + headingHeight(heading, scale);
  const ctx = page.getContext('2d');
  if (!ctx) return chart.toBase64Image('image/png', 1);
  drawExport(ctx, source, heading, scale);
  return page.toDataURL('image/png', 1);
}
