// The pre-flight report's problem list: every element that cannot be fully counted, with its
// GlobalId and name, paged by the server (GET bim/{jobId}?pageNum=&pageSize=); 暂无数据 when there are none.
import {
  Box,
  Card,
  CardContent,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TablePagination,
  Typography,
} from '@mui/material';
import { MSG } from '../constants';
import { usePaginationLabels } from '../i18n/pagination';
import type { Preflight } from './bimApi';
import { ScrollX } from '../admin/ScrollX';

export const PROBLEM_PAGE_SIZES = [10, 20, 50, 100];

export interface ProblemsTableProps {
  problems: Preflight['problems'];
  /** 0-based */
  page: number;
  pageSize: number;
  loading?: boolean;
  onPage: (page: number, pageSize: number) => void;
}

export const ProblemsTable = ({ problems, page, pageSize, loading, onPage }: ProblemsTableProps) => {
  const labels = usePaginationLabels();
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          问题清单
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          以下构件的材料或工程量不完整或不合理：不完整的不计入或按几何计算；不合理的（面状构件、体积大于包围盒、用量超出合理范围等）导入前需确认，请先核对模型。
        </Typography>
        <Box sx={{ height: 4 }}>{loading && <LinearProgress />}</Box>
        <ScrollX label="问题清单">
          <Table size="small" aria-label="问题清单" sx={{ minWidth: 760 }}>
            <TableHead>
              <TableRow>
                <TableCell>GlobalId</TableCell>
                <TableCell>构件名称</TableCell>
                <TableCell>构件类型</TableCell>
                <TableCell>楼层</TableCell>
                <TableCell>问题</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {problems.list.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={5} align="center">
                    {MSG.noData}
                  </TableCell>
                </TableRow>
              ) : (
                problems.list.map((p, i) => (
                  <TableRow key={`${p.globalId}|${p.kind}|${i}`}>
                    <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{p.globalId}</TableCell>
                    <TableCell>{p.name}</TableCell>
                    <TableCell title={p.ifcType}>{p.typeTitle || p.ifcType}</TableCell>
                    <TableCell>{p.storey}</TableCell>
                    <TableCell sx={{ color: p.kind === 'fromGeometry' ? 'warning.dark' : 'error.main', minWidth: 240 }}>
                      {p.message}
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </ScrollX>
        <TablePagination
          {...labels}
          component="div"
          count={problems.total}
          page={problems.total === 0 ? 0 : page}
          rowsPerPage={pageSize}
          rowsPerPageOptions={PROBLEM_PAGE_SIZES}
          onPageChange={(_e, p) => onPage(p, pageSize)}
          onRowsPerPageChange={(e) => onPage(0, Number(e.target.value))}
        />
      </CardContent>
    </Card>
  );
};
