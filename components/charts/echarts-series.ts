import { BarChart, GaugeChart, LineChart, PieChart, ScatterChart } from "echarts/charts";

/** The series types the console draws (`echarts-lib` registers them in a task of their own). */
export const SERIES = { bar: BarChart, gauge: GaugeChart, line: LineChart, pie: PieChart, scatter: ScatterChart };
