// /decide without id (from 应用拓展): the calculated buildings of all three modules the user can read, searched by
// name, each leading to /decide?id=<id>&tab=<tab>; the session's current building offered first.
import { useEffect, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, LinearProgress, Link as MuiLink, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { moduleDef } from '../../../schemas/standards';
import { formatNumber } from '../../calc/format';
import { MSG } from '../constants';
import { errorMessage } from '../admin/useConfirmedAction';
import { useCurrentBuilding } from '../buildings/useCurrentBuilding';
import type { BuildingRecord } from '../buildings/buildingApi';
import type { ListAnswer } from '../providers/dataProvider';
import { apiFetch, apiUrl } from '../providers/httpClient';
import { hasResult } from '../results/resultModel';
import { decideRoute, DECIDE_MSG, type DecideTab } from './texts';

const PAGE = 20;

async function listCalculated(name: string, signal?: AbortSignal): Promise<BuildingRecord[]> {
  const page = await apiFetch<ListAnswer<BuildingRecord>>(apiUrl('tpf/v1/tpf/tpf3ProjectV/', { pageNum: 1, pageSize: PAGE, name }), { signal });
  return (page?.dataList ?? []).filter(hasResult);
}

export const DecideBuildingPicker = ({ tab }: { tab: DecideTab }) => {
  const current = useCurrentBuilding();
  const [input, setInput] = useState('');
  const [name, setName] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setName(input.trim()), 200);
    return () => clearTimeout(t);
  }, [input]);
  const { data, isFetching, error } = useQuery({ queryKey: ['decide', 'buildings', name], queryFn: ({ signal }) => listCalculated(name, signal), retry: false });
  const rows = data ?? [];

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          选择单体建筑
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {DECIDE_MSG.pickBuilding}。
        </Typography>
        {current && (
          <Alert severity="info" sx={{ mb: 1.5 }} action={<Button color="inherit" size="small" component={Link} to={decideRoute(current.id, tab)} sx={{ whiteSpace: 'nowrap' }}>决策分析</Button>}>
            当前单体：{current.name}（{moduleDef(current.computeMethod)?.label}）
          </Alert>
        )}
        <TextField size="small" label="单体建筑名称" value={input} onChange={(e) => setInput(e.target.value)} slotProps={{ htmlInput: { maxLength: 50 } }} sx={{ mb: 1, width: { xs: '100%', sm: 300 } }} />
        <Box sx={{ height: 4 }}>{isFetching && <LinearProgress />}</Box>
        {error ? (
          <Alert severity="error">{errorMessage(error)}</Alert>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label="单体建筑" sx={{ minWidth: { sm: 600 }, '& .wide': { display: { xs: 'none', sm: 'table-cell' } } }}>
              <TableHead>
                <TableRow>
                  <TableCell>单体建筑</TableCell>
                  <TableCell className="wide">所属项目</TableCell>
                  <TableCell>计算模块</TableCell>
                  <TableCell align="right">碳排放总量(tCO2e)</TableCell>
                  <TableCell className="wide" align="right">
                    操作
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={5} align="center">
                      {isFetching ? '正在加载, 请稍候...' : MSG.noData}
                    </TableCell>
                  </TableRow>
                )}
                {rows.map((b) => (
                  <TableRow key={b.id} hover data-testid="decide-building">
                    <TableCell>
                      <MuiLink component={Link} to={decideRoute(b.id, tab)} underline="hover">
                        {b.name}
                      </MuiLink>
                    </TableCell>
                    <TableCell className="wide">{String(b.engineeringName ?? '')}</TableCell>
                    <TableCell>{moduleDef(b.computeMethod)?.label ?? b.computeMethod}</TableCell>
                    <TableCell align="right">{formatNumber(b.total, 2, DECIDE_MSG.uncalculated)}</TableCell>
                    <TableCell className="wide" align="right">
                      <Button size="small" component={Link} to={decideRoute(b.id, tab)} sx={{ whiteSpace: 'nowrap' }}>
                        决策分析
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </CardContent>
    </Card>
  );
};
