// The report's charts drawn on the server: ECharts server-side rendering to SVG, then resvg to PNG with the
// Noto Sans SC font registered (no system fonts), so Chinese labels render the same on every machine.
import type * as ECharts from 'echarts';
import { echarts, resvg } from '../heavy';
import { FONT_BOLD, FONT_FAMILY, FONT_REGULAR } from './fonts';
import { formatNumber } from '../../calc/format';
import { STAGE_PALETTE, stageColor } from '../../../schemas/stageColors';

export const CHART_WIDTH = 800;
export const CHART_HEIGHT = 450;
// a series without a stage of its own takes the stage palette in order
const COLORS = [...STAGE_PALETTE];

export interface ChartPoint {
  /** the stage: its colour is the result page's (schemas/stageColors.ts) */
  code: string;
  name: string;
  value: number;
}

const colored = (p: ChartPoint) => ({ name: p.name, value: p.value, itemStyle: { color: stageColor(p.code) } });

export function svg(option: ECharts.EChartsCoreOption): string {
  const chart = echarts().init(null, null, { renderer: 'svg', ssr: true, width: CHART_WIDTH, height: CHART_HEIGHT });
  try {
    chart.setOption({
      animation: false,
      color: COLORS,
      textStyle: { fontFamily: FONT_FAMILY },
      backgroundColor: '#ffffff',
      ...option,
    });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

/** `fontFiles`: regular and bold (the charts of a report: reduced copies, chartFonts.ts). */
export function toPng(svgText: string, width = CHART_WIDTH * 2, fontFiles = [FONT_REGULAR, FONT_BOLD]): Buffer {
  const r = new (resvg().Resvg)(svgText, {
    fitTo: { mode: 'width', value: width },
    background: 'white',
    font: { loadSystemFonts: false, fontFiles, defaultFontFamily: FONT_FAMILY, sansSerifFamily: FONT_FAMILY },
  });
  return r.render().asPng();
}

/** Donut of the stages' shares of the emissions (positive totals only; the sink is shown in the bar chart). */
export function shareDonutSvg(points: ChartPoint[]): string {
  const data = points.filter((p) => p.value > 0);
  return svg({
    title: { text: '各阶段碳排放占比', left: 'center', top: 10, textStyle: { fontSize: 18 } },
    legend: { orient: 'vertical', left: 20, top: 'middle', textStyle: { fontSize: 14 } },
    series: [
      {
        type: 'pie',
        radius: ['40%', '65%'],
        center: ['60%', '55%'],
        label: { formatter: '{b}\n{d}%', fontSize: 13 },
        data: data.length ? data.map(colored) : [{ name: '暂无数据', value: 0 }],
      },
    ],
  });
}

/** Bars of each stage's total (tCO2e); the sink is negative. */
export function stageBarSvg(points: ChartPoint[]): string {
  return svg({
    title: { text: '各阶段碳排放量（tCO2e）', left: 'center', top: 10, textStyle: { fontSize: 18 } },
    grid: { left: 90, right: 30, top: 60, bottom: 70 },
    xAxis: { type: 'category', data: points.map((p) => p.name), axisLabel: { fontSize: 13, interval: 0 } },
    yAxis: { type: 'value', name: 'tCO2e', axisLabel: { fontSize: 12, formatter: (v: number) => formatNumber(v) } },
    series: [
      {
        type: 'bar',
        barMaxWidth: 60,
        data: points.map(colored),
        label: {
          show: true,
          position: 'top',
          fontSize: 12,
          formatter: (x: { value: unknown }) => formatNumber(x.value),
        },
      },
    ],
  });
}
