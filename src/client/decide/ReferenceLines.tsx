// The published reference lines of a building, one block per metric: a table (未知 for an unknown value,
// a range as low–high, the verification mark, the building's figure and the difference) and a horizontal bar
// chart of the building's figure against every known value (a range drawn as a band; unknown lines not drawn).
import { Box, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { roundTo } from '../../calc/format';
import { NoData } from '../admin/NoData';
import { baseOptions, Chart } from '../results/Chart';
import { fixed2 } from '../results/resultModel';
import type { Metric, PublishedLine } from './decideApi';
import { lineValueText, valueText, VerificationChip } from '../results/referenceParts';
import { pctText } from './panelParts';

const METRIC_ORDER: Metric[] = ['embodied', 'operation', 'lifecycle'];
export const BUILDING_BAR = '本单体';

/** The lines by metric in the order 隐含 → 运行 → 全生命周期. */
export function groupByMetric(lines: PublishedLine[]): { metric: string; label: string; lines: PublishedLine[] }[] {
  const groups = new Map<string, { metric: string; label: string; lines: PublishedLine[] }>();
  for (const l of lines) {
    const g = groups.get(l.metric) ?? { metric: l.metric, label: l.metricLabel, lines: [] };
    g.lines.push(l);
    groups.set(l.metric, g);
  }
  const rank = (m: string) => METRIC_ORDER.indexOf(m as Metric) + 1 || 99;
  return [...groups.values()].sort((a, b) => rank(a.metric) - rank(b.metric));
}

const HEAD = ['名称', '适用建筑类型', '地区', '数据年份', '参考值', '单位', '核实标记', '本单体', '差异', '来源'];
const RIGHT = new Set(['参考值', '本单体', '差异']);

const LinesTable = ({ lines, label }: { lines: PublishedLine[]; label: string }) => (
  <TableContainer sx={{ overflowX: 'auto' }}>
    <Table size="small" aria-label={label} sx={{ minWidth: 900 }}>
      <TableHead>
        <TableRow>
          {HEAD.map((h) => (
            <TableCell key={h} align={RIGHT.has(h) ? 'right' : 'left'} sx={{ whiteSpace: 'nowrap' }}>
              {h}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {lines.map((l) => (
          <TableRow key={l.id} data-testid={`line-${l.id}`}>
            <TableCell sx={{ minWidth: 160 }}>{l.name}</TableCell>
            <TableCell>{l.buildType}</TableCell>
            <TableCell>{l.region}</TableCell>
            <TableCell>{l.dataYear}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }} data-testid="line-value">
              {lineValueText(l)}
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{l.unit}</TableCell>
            <TableCell>
              <VerificationChip code={l.verification} label={l.verificationLabel} />
            </TableCell>
            <TableCell align="right">{valueText(l.buildingValue)}</TableCell>
            <TableCell align="right" data-testid="line-diff">
              {pctText(l.diffPct)}
            </TableCell>
            <TableCell sx={{ minWidth: 200, overflowWrap: 'anywhere', whiteSpace: 'normal' }}>{l.source}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  </TableContainer>
);

/** The bars (the building first, then the known values) and the ranges as bands; null when nothing is known. */
export function linesChart(lines: PublishedLine[]) {
  const building = lines.find((l) => l.buildingValue != null)?.buildingValue ?? null;
  const known = lines.filter((l) => l.value != null);
  const ranges = lines.filter((l) => l.value == null && l.low != null && l.high != null);
  const categories = [...(building == null ? [] : [BUILDING_BAR]), ...known.map((l) => l.name)];
  if (!categories.length && !ranges.length) return null;
  const data = [...(building == null ? [] : [roundTo(building)]), ...known.map((l) => roundTo(l.value!))];
  return { categories, data, ranges, hasBuilding: building != null };
}

const LinesChart = ({ lines, metric, unit }: { lines: PublishedLine[]; metric: string; unit: string }) => {
  const chart = linesChart(lines);
  if (!chart) return null;
  const colors = chart.categories.map((c, i) => (chart.hasBuilding && i === 0 ? '#e53935' : '#1e88e5'));
  return (
    <Chart
      type="bar"
      testId={`chart-lines-${metric}`}
      height={Math.max(160, 70 + 36 * chart.categories.length)}
      series={[{ name: unit, data: chart.data }]}
      options={baseOptions({
        colors,
        plotOptions: { bar: { horizontal: true, distributed: true, barHeight: '60%' } },
        legend: { show: false },
        xaxis: { categories: chart.categories, labels: { formatter: (v: string) => fixed2(v) }, title: { text: unit } },
        yaxis: { labels: { maxWidth: 180 } },
        responsive: [{ breakpoint: 600, options: { yaxis: { labels: { maxWidth: 90 } }, xaxis: { tickAmount: 3 } } }],
        annotations: {
          xaxis: chart.ranges.map((r) => ({
            x: r.low!,
            x2: r.high!,
            fillColor: '#90caf9',
            opacity: 0.25,
            label: { text: `${r.name} ${lineValueText(r)}`, orientation: 'horizontal', style: { fontSize: '11px' } },
          })),
        },
      })}
    />
  );
};

export const ReferenceLines = ({ lines }: { lines: PublishedLine[] }) => {
  if (!lines.length) return <NoData />;
  return (
    <>
      {groupByMetric(lines).map((g) => (
        <Box key={g.metric} component="section" sx={{ mb: 3 }} data-testid={`lines-${g.metric}`}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
            {g.label}
          </Typography>
          <LinesTable lines={g.lines} label={g.label} />
          <LinesChart lines={g.lines} metric={g.metric} unit={g.lines[0].unit} />
        </Box>
      ))}
    </>
  );
};
