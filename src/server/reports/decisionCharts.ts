// The decision sections' charts for the PDF and Word reports: a variant's waterfall (基准方案 total,
// one bar per stage change, the variant's total) and the uncertainty tornado (each input's P10→P90 range of the
// total), drawn with the report charts' ECharts → resvg pipeline (src/server/reports/charts.ts).
import { formatNumber } from '../../calc/format';
import { svg, toPng } from './charts';
import type { TornadoBar, WaterfallStep } from '../../calc/decide/types';

const TOTAL = '#546e7a';
const UP = '#d32f2f';
const DOWN = '#43a047';
const RANGE = '#1565c0';

interface Floating {
  lo: number;
  hi: number;
  color: string;
  label: string;
}

/**
 * Floating bars as three stacked series: a transparent base and the bar's part above and below zero (ECharts
 * stacks positive and negative values apart, so a bar crossing zero is drawn from both sides of the axis).
 */
function floatingSeries(bars: Floating[], horizontal: boolean): Record<string, unknown>[] {
  const base = bars.map((b) => (b.lo >= 0 ? b.lo : b.hi <= 0 ? b.hi : 0));
  const above = bars.map((b) => (b.lo >= 0 ? b.hi - b.lo : b.hi <= 0 ? '-' : b.hi));
  const below = bars.map((b) => (b.lo >= 0 ? '-' : b.hi <= 0 ? b.lo - b.hi : b.lo));
  const part = (values: (number | string)[], labelled: (i: number) => boolean, position: string) =>
    values.map((v, i) => ({
      value: v,
      itemStyle: { color: bars[i].color },
      label: { show: labelled(i), position, formatter: bars[i].label, fontSize: 12, color: '#333' },
    }));
  const common = { type: 'bar', stack: 'floating', barMaxWidth: 48, silent: true };
  return [
    { ...common, data: base, itemStyle: { color: 'transparent' } },
    { ...common, data: part(above, (i) => above[i] !== '-', horizontal ? 'right' : 'top') },
    { ...common, data: part(below, (i) => above[i] === '-', horizontal ? 'left' : 'bottom') },
  ];
}

/** The axis range around the bars, so a floating bar far from zero is not a sliver. */
function axisRange(bars: Floating[], fromZero: boolean) {
  const lo = Math.min(...bars.map((b) => b.lo), ...(fromZero ? [0] : []));
  const hi = Math.max(...bars.map((b) => b.hi), ...(fromZero ? [0] : []));
  const pad = (hi - lo) * 0.12 || Math.abs(hi) * 0.1 || 1;
  const step = 10 ** Math.floor(Math.log10(pad));
  return {
    min: fromZero && lo === 0 ? 0 : Math.floor((lo - pad) / step) * step,
    max: Math.ceil((hi + pad) / step) * step,
  };
}

export function waterfallSvg(steps: WaterfallStep[], title: string): string {
  let running = 0;
  const bars: Floating[] = steps.map((s) => {
    if (s.kind !== 'delta') {
      running = s.value;
      return { lo: Math.min(0, s.value), hi: Math.max(0, s.value), color: TOTAL, label: formatNumber(s.value) };
    }
    const from = running;
    running += s.value;
    return {
      lo: Math.min(from, running),
      hi: Math.max(from, running),
      color: s.value >= 0 ? UP : DOWN,
      label: `${s.value > 0 ? '+' : ''}${formatNumber(s.value)}`,
    };
  });
  const range = axisRange(bars, true);
  return svg({
    title: { text: title, left: 'center', top: 10, textStyle: { fontSize: 18 } },
    grid: { left: 90, right: 30, top: 60, bottom: 90 },
    xAxis: {
      type: 'category',
      data: steps.map((s) => s.label),
      axisLabel: { fontSize: 12, interval: 0, rotate: steps.length > 6 ? 30 : 0 },
    },
    yAxis: {
      type: 'value',
      name: 'tCO2e',
      ...range,
      axisLabel: { fontSize: 12, formatter: (v: number) => formatNumber(v) },
    },
    series: floatingSeries(bars, false),
  });
}

/** The ten bars, the widest swing on top, and a line at the nominal total. */
export function tornadoSvg(bars: TornadoBar[], nominal: number): string {
  const shown = [...bars].sort((a, b) => a.swing - b.swing);
  const floating: Floating[] = shown.map((b) => ({
    lo: Math.min(b.low, b.high),
    hi: Math.max(b.low, b.high),
    color: RANGE,
    label: `${formatNumber(b.low)} → ${formatNumber(b.high)}`,
  }));
  const range = axisRange([...floating, { lo: nominal, hi: nominal, color: '', label: '' }], false);
  const series = floatingSeries(floating, true);
  series[1].markLine = {
    silent: true,
    symbol: 'none',
    lineStyle: { color: '#333', type: 'dashed' },
    label: { formatter: `名义值 ${formatNumber(nominal)}`, fontSize: 12 },
    data: [{ xAxis: nominal }],
  };
  return svg({
    title: {
      text: '敏感性分析：各输入 P10→P90 时的碳排放总量（tCO2e）',
      left: 'center',
      top: 10,
      textStyle: { fontSize: 18 },
    },
    grid: { left: 250, right: 150, top: 60, bottom: 40 },
    yAxis: {
      type: 'category',
      data: shown.map((b) => b.label),
      axisLabel: { fontSize: 12, width: 235, overflow: 'truncate' },
    },
    xAxis: { type: 'value', ...range, axisLabel: { fontSize: 12, formatter: (v: number) => formatNumber(v) } },
    series,
  });
}

/** A decision section's chart as data (the report model carries it across to the drawing thread). */
export type DecisionChart =
  | { kind: 'waterfall'; steps: WaterfallStep[]; title: string }
  | { kind: 'tornado'; bars: TornadoBar[]; nominal: number };

export const decisionChartSvg = (c: DecisionChart): string =>
  c.kind === 'waterfall' ? waterfallSvg(c.steps, c.title) : tornadoSvg(c.bars, c.nominal);

export const decisionChartPng = (c: DecisionChart): Buffer => toPng(decisionChartSvg(c));
