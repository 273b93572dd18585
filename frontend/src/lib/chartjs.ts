/** Chart.js pieces are registered once, here, so unused controllers are tree-shaken away. */
import {
  Ticks,
  type Scale,
  type Tick,
  CategoryScale,
  Chart,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  LogarithmicScale,
  PointElement,
  ScatterController,
  Tooltip,
  BarController,
  BarElement,
} from 'chart.js';
import { formatDecimal } from '../components/format';

Chart.register(
  CategoryScale,
  LinearScale,
  LogarithmicScale,
  LineController,
  LineElement,
  PointElement,
  ScatterController,
  BarController,
  BarElement,
  Filler,
  Legend,
  Tooltip,
);

/**
 * Chart.js's label of a numeric tick (Ticks.formatters.numeric: as many decimals as the step between
 * ticks needs, all of them shown), written by formatDecimal instead of Intl, in en-US as every other
 * figure of the app: a chart's first Intl number format loaded ICU's locale data on the editor's cold
 * load (docs/performance.md). Scientific notation (ticks below 1e-4 or above 1e15) and a scale's own
 * `ticks.format` stay Chart.js's. chartjs.test.ts holds the labels to Chart.js's own in en-US.
 */
export function numericTickLabel(this: Scale, tickValue: number | string, index: number, ticks: Tick[]): string {
  const value = Number(tickValue);
  if (value === 0) return '0';
  const first = ticks[0]?.value ?? value;
  const last = ticks[ticks.length - 1]?.value ?? value;
  const largest = Math.max(Math.abs(first), Math.abs(last));
  const format = (this.options as { ticks?: { format?: unknown } }).ticks?.format;
  if (format || (ticks.length > 1 && (largest < 1e-4 || largest > 1e15))) return Ticks.formatters.numeric.call(this, value, index, ticks);
  let step = value;
  if (ticks.length > 1) {
    step = ticks.length > 3 ? ticks[2]!.value - ticks[1]!.value : ticks[1]!.value - first;
    if (Math.abs(step) >= 1 && value !== Math.floor(value)) step = value - Math.floor(value);
  }
  const logStep = Math.log10(Math.abs(step));
  const decimals = Number.isNaN(logStep) ? 1 : Math.max(Math.min(-Math.floor(logStep), 20), 0);
  return formatDecimal(value, decimals, decimals);
}

/** Chart.js's label of a logarithmic tick (Ticks.formatters.logarithmic: 1, 2, 3, 5, 10, 15 times a power of ten, and the top fifth), by numericTickLabel. */
export function logarithmicTickLabel(this: Scale, tickValue: number | string, index: number, ticks: Tick[]): string {
  const value = Number(tickValue);
  if (value === 0) return '0';
  const significand = (ticks[index] as (Tick & { significand?: number }) | undefined)?.significand || value / 10 ** Math.floor(Math.log10(value));
  return [1, 2, 3, 5, 10, 15].includes(significand) || index > 0.8 * ticks.length ? numericTickLabel.call(this, value, index, ticks) : '';
}

Chart.defaults.scales.linear!.ticks.callback = numericTickLabel;
Chart.defaults.scales.logarithmic!.ticks.callback = logarithmicTickLabel;

export { Chart };
