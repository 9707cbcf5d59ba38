// /{module}/compare and /project/compare (统计分析), spec 000 §2 screen 7 and §4: the current building against up
// to three others picked from the completed buildings the user may see (a fourth pick drops the oldest), as a
// table and a grouped bar chart over the module's result fields (碳汇 negative, last; schemas/results.ts); a stacked bar chart of the stage sums of
// the completed buildings by compute method; on /project/compare also the engineering projects' counts and totals.
import { STALE, STALE_HINT, StaleMark } from '../buildings/StaleResult';
import { useMemo, useState } from 'react';
import { Alert, Autocomplete, Box, Card, CardContent, Chip, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { ListContextProvider, Loading, useList, type RaRecord } from 'react-admin';
import { RecordCards, usePhone } from '../admin/RecordCards';
import { moduleDef } from '../../../schemas/standards';
import { NoData } from '../admin/NoData';
import { errorMessage } from '../admin/useConfirmedAction';
import { useCurrentBuilding } from '../buildings/useCurrentBuilding';
import { CompareReference } from './CompareReference';
import { baseOptions, Chart } from './Chart';
import { getBuildingResult, listCompletedBuildings, listEngineerings } from './resultApi';
import { compareColumns, compareFigures, fieldColors, fixed2, num, pickWithLimit, round2, sumsByMethod, type BuildingResult } from './resultModel';

export const COMPARE_LIMIT = 3;


type Columns = ReturnType<typeof compareColumns>;

const sameBuilding = (a: BuildingResult, b: BuildingResult) => a.id === b.id;

type CompareRow = { key: string; id: number; name: string; figures: number[]; total: number; current?: boolean; stale?: { id: number; computeMethod?: unknown; menus?: unknown; resultStale: true } };

/** A compared building whose result is stale, as the mark that recalculates it needs it. */
const staleOf = (b: { id: number; computeMethod?: unknown; menus?: unknown; resultStale?: unknown }): CompareRow['stale'] =>
  b.resultStale ? { id: b.id, computeMethod: b.computeMethod, menus: b.menus, resultStale: true } : undefined;

/** A compared building's marks: the current one, and a result older than its rows (its figures are not what they make). */
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
    ...columns.map((c, i) => ({ label: `${c.label}(tCO2e)`, text: (r: RaRecord) => fixed2((r as CompareRow).figures[i]) })),
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
      <RecordCards resource="tpf3Project" title={title} figures={figures} open={(r) => `/factors/result?projectId=${r.id}`} />
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

const EngineeringTable = () => {
  const { data, isPending, error } = useQuery({ queryKey: ['compare', 'engineerings'], queryFn: ({ signal }) => listEngineerings(signal), retry: false });
  if (isPending) return <Loading loadingPrimary="正在加载, 请稍候..." loadingSecondary="" />;
  if (error) return <Alert severity="error">{errorMessage(error)}</Alert>;
  if (!data?.length) return <NoData />;
  return (
    <Table size="small" aria-label="项目统计">
      <TableHead>
        <TableRow>
          <TableCell>序号</TableCell>
          <TableCell>项目名称</TableCell>
          <TableCell align="right">单体数量</TableCell>
          <TableCell align="right">已完成数量</TableCell>
          <TableCell align="right">碳排放总量(tCO2e)</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {data.map((e, i) => (
          <TableRow key={e.id}>
            <TableCell>{i + 1}</TableCell>
            <TableCell>{e.name}</TableCell>
            <TableCell align="right">{num(e.projectCount)}</TableCell>
            <TableCell align="right">{num(e.endCount)}</TableCell>
            <TableCell align="right">{fixed2(e.total)}</TableCell>
          </TableRow>
        ))}
        <TableRow>
          <TableCell />
          <TableCell sx={{ fontWeight: 600 }}>合计</TableCell>
          <TableCell align="right">{data.reduce((a, e) => a + num(e.projectCount), 0)}</TableCell>
          <TableCell align="right">{data.reduce((a, e) => a + num(e.endCount), 0)}</TableCell>
          <TableCell align="right">{fixed2(data.reduce((a, e) => a + num(e.total), 0))}</TableCell>
        </TableRow>
      </TableBody>
    </Table>
  );
};

export default function ComparePage({ module }: { module?: string }) {
  const session = useCurrentBuilding();
  const current = session && (!module || session.computeMethod === module) ? session : undefined;
  const [picked, setPicked] = useState<BuildingResult[]>([]);
  const phone = usePhone();

  const completed = useQuery({ queryKey: ['compare', 'completed'], queryFn: ({ signal }) => listCompletedBuildings(undefined, signal), retry: false });
  const currentDetail = useQuery({
    queryKey: ['tpf3ProjectV', current?.id],
    queryFn: ({ signal }) => getBuildingResult(current!.id, signal),
    enabled: !!current,
    retry: false,
  });

  const options = useMemo(
    () => (completed.data ?? []).filter((b) => (!module || b.computeMethod === module) && b.id !== current?.id),
    [completed.data, module, current?.id],
  );

  const columns = compareColumns(module);
  const rows: CompareRow[] = [
    ...(current && currentDetail.data ? [{ key: `c${current.id}`, id: current.id, name: currentDetail.data.name ?? current.name, figures: compareFigures(currentDetail.data, columns), total: num(currentDetail.data.total), current: true, stale: staleOf(currentDetail.data) }] : []),
    ...picked.map((b) => ({ key: `p${b.id}`, id: b.id, name: b.name, figures: compareFigures(b, columns), total: num(b.total), stale: staleOf(b) })),
  ];
  const methodSums = sumsByMethod(completed.data ?? []);
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
          {!current && <Alert severity="info" sx={{ mb: 2 }}>当前未选择单体建筑，仅对比所选建筑</Alert>}
          <Autocomplete
            multiple
            options={options}
            value={picked}
            loading={completed.isPending}
            getOptionLabel={(b) => b.name}
            isOptionEqualToValue={sameBuilding}
            onChange={(_, next) => setPicked((prev) => pickWithLimit(prev, next, COMPARE_LIMIT, sameBuilding))}
            noOptionsText="暂无数据"
            loadingText="正在加载, 请稍候..."
            renderInput={(params) => <TextField {...params} label="对比建筑（最多 3 个）" placeholder="选择已完成的单体建筑" />}
            sx={{ mb: 2 }}
          />
          {completed.error && <Alert severity="error">{errorMessage(completed.error)}</Alert>}
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
            <EngineeringTable />
          </CardContent>
        </Card>
      )}
    </Box>
  );
}
