/*
 * chart.js for the dashboard's charts only: `DashboardCharts` imports this module lazily, so the library ships
 * in a chunk of its own that loads when the dashboard is open. Registered: just the elements, scales and
 * plugins the five charts use; react-chartjs-2's <Line>, <Bar> and <Doughnut> register their own controllers.
 */
import {
  ArcElement,
  BarElement,
  CategoryScale,
  Chart,
  Filler,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';

Chart.register(ArcElement, BarElement, CategoryScale, Filler, Legend, LinearScale, LineElement, PointElement, Tooltip);

export { Bar, Doughnut, Line } from 'react-chartjs-2';
