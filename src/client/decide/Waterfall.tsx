// A waterfall chart of WaterfallStep[] (variants against the baseline, phase drift): a stacked bar over an
// invisible base — start and end bars solid from zero, each delta floating from the running level, green when it
// lowers the total and red when it raises it; labels and tooltips show the step's own value to 2 decimals.
import type { ApexOptions } from 'apexcharts';
import { baseOptions, Chart } from '../results/Chart';
import { fixed2, round2 } from '../results/resultModel';
import type { WaterfallStep } from './decideApi';
import { MSG } from '../constants';
import { NoData } from '../admin/NoData';

export const WATERFALL_COLORS = { total: '#1e88e5', up: '#e53935', down: '#43a047' } as const;

export interface WaterfallBars {
  categories: string[];
  /** the invisible part under (or, below zero, above) each bar */
  base: number[];
  /** the visible part at or above zero */
  up: number[];
  /** the visible part below zero (≤ 0) */
  down: number[];
  colors: string[];
  /** which series (1 up, 2 down) carries the step's label */
  labelSeries: (1 | 2)[];
}

/** The bars of the steps: start/end from zero (and the running level reset to them), deltas from the level. */
export function waterfallBars(steps: readonly WaterfallStep[]): WaterfallBars {
  const out: WaterfallBars = { categories: [], base: [], up: [], down: [], colors: [], labelSeries: [] };
  let level = 0;
  for (const s of steps) {
    let low: number;
    let high: number;
    if (s.kind === 'delta') {
      [low, high] = s.value < 0 ? [level + s.value, level] : [level, level + s.value];
      level += s.value;
      out.colors.push(s.value < 0 ? WATERFALL_COLORS.down : WATERFALL_COLORS.up);
    } else {
      [low, high] = s.value < 0 ? [s.value, 0] : [0, s.value];
      level = s.value;
      out.colors.push(WATERFALL_COLORS.total);
    }
    const [b, u, d] = low >= 0 ? [low, high - low, 0] : high <= 0 ? [high, 0, low - high] : [0, high, low];
    out.categories.push(s.label);
    out.base.push(round2(b));
    out.up.push(round2(u));
    out.down.push(round2(d));
    out.labelSeries.push(u !== 0 || d === 0 ? 1 : 2);
  }
  return out;
}

export const Waterfall = ({
  steps,
  height = 320,
  testId = 'waterfall',
}: {
  steps: readonly WaterfallStep[];
  height?: number;
  testId?: string;
}) => {
  if (!steps.length) return <NoData />;
  const bars = waterfallBars(steps);
  const point = (values: number[], visible: boolean) =>
    values.map((y, i) => ({ x: bars.categories[i], y, fillColor: visible ? bars.colors[i] : 'transparent' }));
  const label = (_: number, o: { seriesIndex: number; dataPointIndex: number }) =>
    bars.labelSeries[o.dataPointIndex] === o.seriesIndex ? fixed2(steps[o.dataPointIndex].value) : '';
  const options: ApexOptions = baseOptions({
    chart: { stacked: true },
    plotOptions: { bar: { columnWidth: '55%' } },
    colors: ['transparent', WATERFALL_COLORS.total, WATERFALL_COLORS.total],
    states: { hover: { filter: { type: 'none' } }, active: { filter: { type: 'none' } } },
    dataLabels: {
      enabled: true,
      enabledOnSeries: [1, 2],
      formatter: label as never,
      style: { colors: ['#263238'] },
      offsetY: -2,
    },
    tooltip: {
      enabledOnSeries: [1, 2],
      shared: false,
      intersect: true,
      y: { formatter: (_: number, o: { dataPointIndex: number }) => `${fixed2(steps[o.dataPointIndex].value)} tCO2e` },
    },
    xaxis: {
      categories: bars.categories.map((c) => c.split('：')),
      labels: { rotate: -45, trim: false, maxHeight: 120, hideOverlappingLabels: false },
    },
    yaxis: { labels: { formatter: (v: number) => fixed2(v) }, title: { text: 'tCO2e' } },
    legend: { show: false },
    noData: { text: MSG.noData },
  });
  return (
    <Chart
      type="bar"
      testId={testId}
      height={height}
      series={[
        { name: '', data: point(bars.base, false) },
        { name: '碳排放(tCO2e)', data: point(bars.up, true) },
        { name: '碳排放(tCO2e)', data: point(bars.down, true) },
      ]}
      options={options}
    />
  );
};
