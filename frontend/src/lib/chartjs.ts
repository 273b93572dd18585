/** Chart.js pieces are registered once, here, so unused controllers are tree-shaken away. */
import {
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

export { Chart };
