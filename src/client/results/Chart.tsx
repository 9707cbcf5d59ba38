// react-apexcharts (apexcharts 4.7.0, pinned: the last MIT release), loaded on demand so the login
// page never downloads it. Labels and tooltips show 2 decimals; texts are Chinese.
import { Component, lazy, Suspense, useMemo, type ReactNode } from 'react';
import { Box, CircularProgress } from '@mui/material';
import type { ApexOptions } from 'apexcharts';
import { escapeHtml } from '../escapeHtml';
import { fixed2 } from './resultModel';

// react-apexcharts 1.7.0 is CommonJS (exports.default): depending on the bundler's interop the dynamic import's
// default is the component or the exports object holding it.
type ChartComponent = typeof import('react-apexcharts').default;
const ReactApexChart = lazy(() =>
  import('react-apexcharts').then((m) => {
    const d = m.default as ChartComponent | { default: ChartComponent };
    return { default: (typeof d === 'function' ? d : d.default) as ChartComponent };
  }),
);

export const format2 = (v: unknown) => fixed2(v);

/** Shared options: Chinese no-data text, 2-decimal labels and tooltips, no toolbar. */
export const baseOptions = (extra: ApexOptions = {}): ApexOptions => ({
  ...extra,
  chart: { toolbar: { show: false }, fontFamily: 'inherit', animations: { enabled: false }, ...extra.chart },
  noData: { text: '暂无数据' },
  tooltip: { y: { formatter: (v: number) => format2(v) }, ...extra.tooltip },
  dataLabels: { formatter: (v: number) => format2(v), ...extra.dataLabels },
});

type TooltipY = NonNullable<NonNullable<ApexOptions['tooltip']>['y']>;
type TitleFormatter = (name: string, opts?: unknown) => string;
const text = (v: unknown) => (Array.isArray(v) ? v.join(' ') : String(v ?? ''));

/** A tooltip series line's title, escaped: `name: ` as ApexCharts writes it by default. */
const escapedTitle = (y: TooltipY & { title?: { formatter?: TitleFormatter } }) => {
  const own = y.title?.formatter;
  return {
    ...y,
    title: {
      ...y.title,
      formatter: (name: string, opts?: unknown) => escapeHtml(own ? own(name, opts) : name ? `${name}: ` : ''),
    },
  };
};

/**
 * ApexCharts writes the tooltip's title (the category), its series names and the legend with innerHTML, and
 * those carry stored names (buildings in 对比, materials in 热点, schemes in 瀑布图): every such text goes
 * through escapeHtml here, whatever formatter the chart set. Axis labels and data labels are SVG text (safe).
 */
export function escapedTexts(o: ApexOptions): ApexOptions {
  const x = o.tooltip?.x?.formatter as ((v: unknown, opts?: unknown) => string) | undefined;
  const y = o.tooltip?.y ?? {};
  const legend = o.legend?.formatter as TitleFormatter | undefined;
  return {
    ...o,
    tooltip: {
      ...o.tooltip,
      x: { ...o.tooltip?.x, formatter: (v: unknown, opts?: unknown) => escapeHtml(x ? x(v, opts) : text(v)) } as never,
      y: (Array.isArray(y) ? y.map(escapedTitle) : escapedTitle(y)) as never,
    },
    legend: {
      ...o.legend,
      formatter: (name: string, opts?: unknown) => escapeHtml(legend ? legend(name, opts) : text(name)),
    },
  };
}

class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    console.error('chart failed', error);
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}

export interface ChartProps {
  type: 'donut' | 'bar';
  series: ApexOptions['series'];
  options: ApexOptions;
  height?: number;
  testId?: string;
}

export const Chart = ({ type, series, options, height = 320, testId }: ChartProps) => {
  const safe = useMemo(() => escapedTexts(options), [options]);
  return (
    <Box data-testid={testId} sx={{ minHeight: height, minWidth: 0 }}>
      <ChartBoundary>
        <Suspense
          fallback={
            <Box sx={{ height, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
              <CircularProgress size={24} />
            </Box>
          }
        >
          <ReactApexChart type={type} series={series} options={safe} height={height} />
        </Suspense>
      </ChartBoundary>
    </Box>
  );
};
