// The pre-flight's problems: every line that cannot be imported as it is — a quantity that is not a
// number or negative, a missing or unknown unit, an energy in a unit it cannot have — with its sheet and row number
// in the workbook; paged here (the server sends them all); 暂无数据 when there are none.
import { Card, CardContent, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { MSG } from '../constants';
import { useLocalPage } from './LocalPager';
import type { Bill } from './budgetApi';
import { ScrollX } from '../admin/ScrollX';

const PAGE_SIZES = [10, 20, 50, 100];

export const ProblemsTable = ({ problems }: { problems: Bill['problems'] }) => {
  const { shown: list, pager } = useLocalPage(problems, PAGE_SIZES);
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          问题清单
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          以下各行的数量或单位无法使用，不会导入；请在计价软件中核对后重新导出，或导入后在计算阶段中手工补录。
        </Typography>
        <ScrollX label="问题清单">
          <Table size="small" aria-label="问题清单">
            <TableHead>
              <TableRow>
                <TableCell>工作表</TableCell>
                <TableCell align="right">行号</TableCell>
                <TableCell>名称</TableCell>
                <TableCell>问题</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={4} align="center">
                    {MSG.noData}
                  </TableCell>
                </TableRow>
              ) : (
                list.map((p, i) => (
                  <TableRow key={`${p.sheet}|${p.row}|${i}`}>
                    <TableCell>{p.sheet}</TableCell>
                    <TableCell align="right">{p.row}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-word' }}>{p.name}</TableCell>
                    <TableCell sx={{ color: 'error.main', minWidth: 140 }}>{p.message}</TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </ScrollX>
        {pager}
      </CardContent>
    </Card>
  );
};
