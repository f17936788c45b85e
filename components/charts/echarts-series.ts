import { BarChart, GaugeChart, LineChart, PieChart, ScatterChart } from "echarts/charts";

/** The series types the console draws (`chart-engine` registers them). */
export const SERIES = { bar: BarChart, gauge: GaugeChart, line: LineChart, pie: PieChart, scatter: ScatterChart };
