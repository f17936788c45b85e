import {
  DatasetComponent,
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  MarkLineComponent,
  MarkPointComponent,
  PolarComponent,
  TitleComponent,
  TooltipComponent,
  VisualMapComponent,
} from "echarts/components";

/** The option components the console's charts use (`chart-engine` registers them). */
export const COMPONENTS = {
  dataset: DatasetComponent,
  dataZoom: DataZoomComponent,
  grid: GridComponent,
  legend: LegendComponent,
  markArea: MarkAreaComponent,
  markLine: MarkLineComponent,
  markPoint: MarkPointComponent,
  polar: PolarComponent,
  title: TitleComponent,
  tooltip: TooltipComponent,
  visualMap: VisualMapComponent,
};
