// /{module}/compare and /project/compare (统计分析): the current building against up to three others picked from the
// completed buildings the user may see (a fourth pick drops the oldest), as a table and a grouped bar chart over the
// module's result fields (碳汇 negative, last; schemas/results.ts); a stacked bar chart of the stage sums of the
// completed buildings by compute method, with what it counted; on /project/compare also the engineering projects'
// counts and totals. The sums come summed from the server: the page never loads every building.
import { STALE, STALE_HINT, StaleMark } from '../buildings/StaleResult';
import { useState } from 'react';
import {
  Alert,
  Box,
  Card,
  CardContent,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { ListContextProvider, useList, type RaRecord } from 'react-admin';
import { RecordCards, usePhone } from '../admin/RecordCards';
import { moduleDef } from '../../../schemas/standards';
import { NoData } from '../admin/NoData';
import { errorMessage } from '../admin/useConfirmedAction';
import { useCurrentBuilding } from '../buildings/useCurrentBuilding';
import { CompareReference } from './CompareReference';
import { baseOptions, Chart } from './Chart';
import { ComparePicker } from './ComparePicker';
import { EngineeringStats } from './EngineeringStats';
import { getBuildingResult, getStatistics } from './resultApi';
import {
  compareColumns,
  compareFigures,
  fieldColors,
  fixed2,
  num,
  round2,
  summedText,
  sumsByMethod,
  type BuildingResult,
} from './resultModel';

type Columns = ReturnType<typeof compareColumns>;

type CompareRow = {
  key: string;
  id: number;
  name: string;
  figures: number[];
  total: number;
  current?: boolean;
  stale?: { id: number; computeMethod?: unknown; menus?: unknown; resultStale: true };
};

/** A compared building whose result is stale, as the mark that recalculates it needs it. */
const staleOf = (b: {
  id: number;
  computeMethod?: unknown;
  menus?: unknown;
  resultStale?: unknown;
}): CompareRow['stale'] =>
  b.resultStale ? { id: b.id, computeMethod: b.computeMethod, menus: b.menus, resultStale: true } : undefined;

/**
 * A compared building's marks: the current one, and a result older than its rows (its figures are not what they make).
 */
const RowMarks = ({ row }: { row: CompareRow }) => (
  <>
    {row.current && <Chip size="small" label="当前建筑" sx={{ ml: 1 }} />}
    {row.stale && (
      <>
        <Chip size="small" color="warning" label={STALE} title={STALE_HINT} sx={{ ml: 1 }} />
        <StaleMark building={row.stale} />
      </>
    )}
  </>
);

/** On a phone: a card per building with its figures; a tap opens its result (/factors/result selects it first). */
const CompareCards = ({ columns, rows }: { columns: Columns; rows: CompareRow[] }) => {
  const list = useList({ data: rows });
  const figures = [
    ...columns.map((c, i) => ({
      label: `${c.label}(tCO2e)`,
      text: (r: RaRecord) => fixed2((r as CompareRow).figures[i]),
    })),
    { label: '碳排放总量(tCO2e)', text: (r: RaRecord) => fixed2((r as CompareRow).total) },
  ];
  const title = (r: RaRecord) => (
    <>
      {r.name}
      <RowMarks row={r as CompareRow} />
    </>
  );
  return (
    <ListContextProvider value={list}>
      <RecordCards
        resource="tpf3Project"
        title={title}
        figures={figures}
        open={(r) => `/factors/result?projectId=${r.id}`}
      />
    </ListContextProvider>
  );
};

const CompareTable = ({ columns, rows }: { columns: Columns; rows: CompareRow[] }) => (
  <Table size="small" aria-label="建筑对比">
    <TableHead>
      <TableRow>
        <TableCell sx={{ minWidth: 140 }}>单体建筑</TableCell>
        {columns.map((c) => (
          <TableCell key={c.field.field} align="right">
            {c.label}(tCO2e)
          </TableCell>
        ))}
        <TableCell align="right">碳排放总量(tCO2e)</TableCell>
      </TableRow>
    </TableHead>
    <TableBody>
      {rows.map((r) => (
        <TableRow key={r.key}>
          <TableCell>
            {r.name}
            <RowMarks row={r} />
          </TableCell>
          {r.figures.map((v, i) => (
            <TableCell key={columns[i].field.field} align="right">
              {fixed2(v)}
            </TableCell>
          ))}
          <TableCell align="right">{fixed2(r.total)}</TableCell>
        </TableRow>
      ))}
    </TableBody>
  </Table>
);

export default function ComparePage({ module }: { module?: string }) {
  const session = useCurrentBuilding();
  const current = session && (!module || session.computeMethod === module) ? session : undefined;
  const [picked, setPicked] = useState<BuildingResult[]>([]);
  const phone = usePhone();

  const stats = useQuery({
    queryKey: ['compare', 'statistics'],
    queryFn: ({ signal }) => getStatistics(signal),
    retry: false,
  });
  const currentDetail = useQuery({
    queryKey: ['tpf3ProjectV', current?.id],
    queryFn: ({ signal }) => getBuildingResult(current!.id, signal),
    enabled: !!current,
    retry: false,
  });

  const columns = compareColumns(module);
  const rows: CompareRow[] = [
    ...(current && currentDetail.data
      ? [
          {
            key: `c${current.id}`,
            id: current.id,
            name: currentDetail.data.name ?? current.name,
            figures: compareFigures(currentDetail.data, columns),
            total: num(currentDetail.data.total),
            current: true,
            stale: staleOf(currentDetail.data),
          },
        ]
      : []),
    ...picked.map((b) => ({
      key: `p${b.id}`,
      id: b.id,
      name: b.name,
      figures: compareFigures(b, columns),
      total: num(b.total),
      stale: staleOf(b),
    })),
  ];
  const methodSums = sumsByMethod(stats.data?.methods ?? []);
  const title = module ? '建筑对比' : '统计分析';

  return (
    <Box sx={{ p: 2, minWidth: 0 }} data-testid="compare-page">
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {title}
        {module && moduleDef(module) ? (
          <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
            {moduleDef(module)!.name}
          </Typography>
        ) : null}
      </Typography>
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            建筑对比
          </Typography>
          {!current && (
            <Alert severity="info" sx={{ mb: 2 }}>
              当前未选择单体建筑，仅对比所选建筑
            </Alert>
          )}
          <ComparePicker module={module} currentId={current?.id} picked={picked} onPick={setPicked} />
          {rows.length ? (
            <>
              {phone ? <CompareCards columns={columns} rows={rows} /> : <CompareTable columns={columns} rows={rows} />}
              <Chart
                type="bar"
                testId="chart-compare"
                series={rows.map((r) => ({ name: r.name, data: r.figures.map(round2) }))}
                options={baseOptions({
                  xaxis: { categories: columns.map((c) => c.label) },
                  yaxis: { labels: { formatter: (v: number) => fixed2(v) }, title: { text: 'tCO2e' } },
                  dataLabels: { enabled: false },
                  legend: { position: 'top' },
                })}
              />
              <CompareReference buildings={rows} />
            </>
          ) : (
            <NoData />
          )}
        </CardContent>
      </Card>
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            按计算方法统计
          </Typography>
          {stats.error && <Alert severity="error">{errorMessage(stats.error)}</Alert>}
          {stats.data && (
            <Typography variant="body2" color="text.secondary" data-testid="compare-summed">
              {summedText(stats.data.methods)}
            </Typography>
          )}
          <Chart
            type="bar"
            testId="chart-methods"
            series={methodSums.series}
            options={baseOptions({
              chart: { stacked: true },
              colors: fieldColors(methodSums.fields),
              xaxis: { categories: methodSums.methods },
              yaxis: { labels: { formatter: (v: number) => fixed2(v) }, title: { text: 'tCO2e' } },
              dataLabels: { enabled: false },
              legend: { position: 'top' },
            })}
          />
        </CardContent>
      </Card>
      {!module && (
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              项目统计
            </Typography>
            <EngineeringStats totals={stats.data?.engineerings} />
          </CardContent>
        </Card>
      )}
    </Box>
  );
}
