// The answer of a budget-file import: 导入成功，生成 N 条数据 with the rows per stage, links to the stages that got
// rows (建材生产, 建筑建造) and to the result (the building, recalculated, becomes the session's current one), the
// warnings, and the items not imported with why.
import { Alert, Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { stageOfRole } from '../../../schemas/stageMeta';
import type { BuildingRecord } from '../buildings/buildingApi';
import { buildingStages, stageTitle } from '../buildings/wizard';
import { ImportedLinks, ImportWarnings } from '../imports/ImportedLinks';
import { formatCount } from '../jobs/JobProgress';
import { MSG } from '../constants';
import { importedRows, type BillImportAnswer } from './budgetApi';
import { ScrollX } from '../admin/ScrollX';

const STAGES = [
  ['materials', 'materials'],
  ['transport', 'transport'],
  ['construction', 'construction'],
] as const;

export const ImportResult = ({ answer, building }: { answer: BillImportAnswer; building: BuildingRecord }) => {
  const module = building.computeMethod;
  const used = buildingStages(module, building.menus);
  const stages = STAGES.map(([key, role]) => ({ key, code: stageOfRole(role) ?? '', rows: answer.rows[key] })).filter(
    (s) => s.code,
  );
  const links = stages.filter((s) => s.key !== 'transport' && (s.rows > 0 || used.includes(s.code)));
  return (
    <Box sx={{ mt: 1.5 }} data-testid="bill-import-answer">
      <Alert severity="success">
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          导入成功，生成 {formatCount(importedRows(answer))} 条数据
        </Typography>
        <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2 }}>
          {stages.map((s) => (
            <li key={s.key}>
              {stageTitle(module, s.code)}：{formatCount(s.rows)} 条
            </li>
          ))}
        </Box>
        <ImportedLinks building={building} result={answer.result} stages={links.map((s) => s.code)} />
      </Alert>
      <ImportWarnings warnings={answer.warnings} testId="bill-warnings" />
      <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
        未导入的项（{formatCount(answer.skipped.length)}）
      </Typography>
      <ScrollX label="未导入的项">
        <Table size="small" aria-label="未导入的项">
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: '35%' }}>名称</TableCell>
              <TableCell>原因</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {answer.skipped.length === 0 && (
              <TableRow>
                <TableCell colSpan={2} align="center">
                  {MSG.noData}
                </TableCell>
              </TableRow>
            )}
            {answer.skipped.map((s, i) => (
              <TableRow key={`${s.name}|${i}`}>
                <TableCell sx={{ wordBreak: 'break-word' }}>{s.name}</TableCell>
                <TableCell sx={{ color: 'text.secondary' }}>{s.reason}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollX>
    </Box>
  );
};
