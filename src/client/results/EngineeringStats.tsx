// 项目统计 on 统计分析: the engineering projects a page at a time, each with its building counts and carbon total,
// and a 合计 row over every project (summed by the server, whichever page is shown).
import { useState } from 'react';
import { Alert, Table, TableBody, TableCell, TableHead, TableRow, TablePagination } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Loading } from 'react-admin';
import type { EngineeringTotals } from '../../../schemas/statistics';
import { NoData } from '../admin/NoData';
import { errorMessage } from '../admin/useConfirmedAction';
import { usePaginationLabels } from '../i18n/pagination';
import { engineeringPage } from './resultApi';
import { fixed2, num } from './resultModel';
import { formatNumber } from '../../calc/format';

const SIZES = [10, 25, 50];
const count = (v: unknown) => formatNumber(num(v), 0);

export const EngineeringStats = ({ totals }: { totals: EngineeringTotals | undefined }) => {
  const labels = usePaginationLabels();
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(SIZES[0]);
  const { data, isPending, error } = useQuery({
    queryKey: ['compare', 'engineerings', page, size],
    queryFn: ({ signal }) => engineeringPage(page + 1, size, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
  if (isPending) return <Loading loadingPrimary="正在加载, 请稍候..." loadingSecondary="" />;
  if (error) return <Alert severity="error">{errorMessage(error)}</Alert>;
  if (!data.total) return <NoData />;
  return (
    <>
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
          {data.dataList.map((e, i) => (
            <TableRow key={e.id}>
              <TableCell>{page * size + i + 1}</TableCell>
              <TableCell>{e.name}</TableCell>
              <TableCell align="right">{count(e.projectCount)}</TableCell>
              <TableCell align="right">{count(e.endCount)}</TableCell>
              <TableCell align="right">{fixed2(e.total)}</TableCell>
            </TableRow>
          ))}
          {totals && (
            <TableRow>
              <TableCell />
              <TableCell sx={{ fontWeight: 600 }}>合计（全部 {count(totals.count)} 个项目）</TableCell>
              <TableCell align="right">{count(totals.buildings)}</TableCell>
              <TableCell align="right">{count(totals.completed)}</TableCell>
              <TableCell align="right">{fixed2(totals.total)}</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
      {data.total > SIZES[0] && (
        <TablePagination
          {...labels}
          component="div"
          count={data.total}
          page={page}
          rowsPerPage={size}
          rowsPerPageOptions={SIZES}
          onPageChange={(_e, p) => setPage(p)}
          onRowsPerPageChange={(e) => {
            setSize(Number(e.target.value));
            setPage(0);
          }}
        />
      )}
    </>
  );
};
