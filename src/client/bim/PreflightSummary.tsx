// The pre-flight report's summary, shown before anything is saved: the counts (problem counts
// highlighted when there are any), the file's schema and units, the elements grouped by 楼层 × 构件类型 with
// their quantities, and 导出Excel (GET bim/{jobId}/excel → the download link). Also the count of the
// plausibility review's problems, the floor area the per-m² checks divide by, and the parser's notes (which of
// repeated quantities was taken and why, unit conversions).
import { Alert, Box, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { formatNumber } from '../../calc/format';
import { MSG } from '../constants';
import { formatCount } from '../jobs/JobProgress';
import { PreflightFrame } from '../imports/PreflightFrame';
import { preflightExcelUrl, type BimCounts, type BimGroup, type Preflight } from './bimApi';
import { ScrollX } from '../admin/ScrollX';

interface CountDef {
  key: keyof BimCounts;
  label: string;
  /** a problem: highlighted when > 0 */
  severity?: 'error' | 'warning';
}

export const COUNT_DEFS: CountDef[] = [
  { key: 'elements', label: '构件总数' },
  { key: 'withoutMaterial', label: '无材料构件', severity: 'error' },
  { key: 'withoutQuantity', label: '无数量集构件', severity: 'warning' },
  { key: 'unknownUnits', label: '单位无法识别', severity: 'error' },
  { key: 'duplicateGlobalIds', label: 'GlobalId重复', severity: 'warning' },
  { key: 'fromGeometry', label: '由几何计算', severity: 'warning' },
  { key: 'materials', label: '材料种类' },
  { key: 'review', label: '待确认问题', severity: 'error' },
];

const UNIT_LABELS = [
  ['length', '长度单位'],
  ['area', '面积单位'],
  ['volume', '体积单位'],
  ['mass', '质量单位'],
] as const;

const num = (v: number) => formatNumber(v, 2, '0.00');

/** The groups with their storey shown once (rowSpan) and a 合计 row. */
const GroupTable = ({ groups }: { groups: BimGroup[] }) => {
  const total = groups.reduce(
    (s, g) => ({
      count: s.count + g.count,
      volume: s.volume + g.volume,
      area: s.area + g.area,
      weight: s.weight + g.weight,
    }),
    { count: 0, volume: 0, area: 0, weight: 0 },
  );
  return (
    <ScrollX label="构件分组">
      <Table size="small" aria-label="构件分组" sx={{ minWidth: 640 }}>
        <TableHead>
          <TableRow>
            <TableCell>楼层</TableCell>
            <TableCell>构件类型</TableCell>
            <TableCell align="right">数量</TableCell>
            <TableCell align="right">体积(m³)</TableCell>
            <TableCell align="right">面积(m²)</TableCell>
            <TableCell align="right">质量(kg)</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {groups.length === 0 && (
            <TableRow>
              <TableCell colSpan={6} align="center">
                {MSG.noData}
              </TableCell>
            </TableRow>
          )}
          {groups.map((g, i) => {
            const first = i === 0 || groups[i - 1].storey !== g.storey;
            let span = 1;
            while (first && i + span < groups.length && groups[i + span].storey === g.storey) span++;
            return (
              <TableRow key={`${g.storey}|${g.ifcType}`}>
                {first && (
                  <TableCell rowSpan={span} sx={{ verticalAlign: 'top' }}>
                    {g.storey || '（未指定楼层）'}
                  </TableCell>
                )}
                <TableCell>
                  {g.typeTitle || g.ifcType}
                  {g.typeTitle && g.typeTitle !== g.ifcType && (
                    <Typography variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                      {g.ifcType}
                    </Typography>
                  )}
                </TableCell>
                <TableCell align="right">{formatCount(g.count)}</TableCell>
                <TableCell align="right">{num(g.volume)}</TableCell>
                <TableCell align="right">{num(g.area)}</TableCell>
                <TableCell align="right">{num(g.weight)}</TableCell>
              </TableRow>
            );
          })}
          {groups.length > 0 && (
            <TableRow sx={{ '& td': { fontWeight: 600 } }}>
              <TableCell colSpan={2}>合计</TableCell>
              <TableCell align="right">{formatCount(total.count)}</TableCell>
              <TableCell align="right">{num(total.volume)}</TableCell>
              <TableCell align="right">{num(total.area)}</TableCell>
              <TableCell align="right">{num(total.weight)}</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </ScrollX>
  );
};

export const PreflightSummary = ({ model }: { model: Preflight }) => {
  const counts = COUNT_DEFS.map((d) => ({
    id: d.key,
    label: d.label,
    severity: d.severity,
    value: model.counts[d.key] ?? 0,
  }));
  return (
    <PreflightFrame
      fileName={model.fileName}
      exportLabel="导出Excel"
      excelUrl={() => preflightExcelUrl(model.jobId)}
      exportedMessage={MSG.exported}
      counts={counts}
      testIdPrefix="bim-count"
      columns={{ xs: 2, sm: 4, lg: 8 }}
    >
      <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', mb: 2 }} data-testid="bim-units">
        <Chip size="small" color="primary" variant="outlined" label={`模型格式 ${model.schema}`} />
        {UNIT_LABELS.map(([k, label]) => (
          <Chip key={k} size="small" variant="outlined" label={`${label} ${model.units[k] || '未知'}`} />
        ))}
        <Chip
          size="small"
          variant="outlined"
          data-testid="bim-floor-area"
          label={
            model.floorArea
              ? `楼面面积 ${num(model.floorArea.value)} m²（${model.floorArea.basis}）`
              : '楼面面积 未知（模型中没有空间或楼板），未按单位面积检查材料用量'
          }
        />
      </Stack>
      {model.notes?.length > 0 && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="bim-notes">
          <Typography variant="subtitle2" component="h3">
            工程量说明
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {model.notes.map((n, i) => (
              <li key={i}>
                {n.text}（{formatCount(n.elements)} 个构件）
              </li>
            ))}
          </Box>
        </Alert>
      )}
      <Typography variant="subtitle1" component="h3" gutterBottom>
        按楼层和构件类型汇总
      </Typography>
      <GroupTable groups={model.groups} />
    </PreflightFrame>
  );
};
