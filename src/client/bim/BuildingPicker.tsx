// /bim without id (from 应用拓展): the buildings of 概预算 and 核算 the user can open, searched by name, each
// leading to /bim?id=<id>; the session's current building first when it is one of them. Estimate buildings are
// not offered (估算模块不支持BIM模型导入).
import { useEffect, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, LinearProgress, Link as MuiLink, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { moduleDef } from '../../../schemas/standards';
import { MSG } from '../constants';
import { errorMessage } from '../admin/useConfirmedAction';
import { useCurrentBuilding } from '../buildings/useCurrentBuilding';
import type { BuildingRecord } from '../buildings/buildingApi';
import type { ListAnswer } from '../providers/dataProvider';
import { apiFetch, apiUrl } from '../providers/httpClient';
import { bimRoute, BIM_MSG } from './texts';

/** The modules whose buildings take a model. */
export const BIM_MODULES = ['budget', 'accounting'] as const;

export const bimAllowed = (module: string | null | undefined) => (BIM_MODULES as readonly string[]).includes(String(module ?? ''));

const PAGE = 20;

async function listBuildings(name: string, signal?: AbortSignal): Promise<BuildingRecord[]> {
  const lists = await Promise.all(
    BIM_MODULES.map((computeMethod) => apiFetch<ListAnswer<BuildingRecord>>(apiUrl('tpf/v1/tpf/tpf3ProjectV/', { pageNum: 1, pageSize: PAGE, computeMethod, name }), { signal })),
  );
  return lists.flatMap((l) => l?.dataList ?? []);
}

export const BuildingPicker = () => {
  const current = useCurrentBuilding();
  const [input, setInput] = useState('');
  const [name, setName] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setName(input.trim()), 200);
    return () => clearTimeout(t);
  }, [input]);
  const { data, isFetching, error } = useQuery({ queryKey: ['bimBuildings', name], queryFn: ({ signal }) => listBuildings(name, signal), retry: false });
  const rows = data ?? [];

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          选择单体建筑
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {BIM_MSG.pickBuilding}；{BIM_MSG.estimate}。
        </Typography>
        {current && bimAllowed(current.computeMethod) && (
          <Alert severity="info" sx={{ mb: 1.5 }} action={<Button color="inherit" size="small" component={Link} to={bimRoute(current.id)}>导入模型</Button>}>
            当前单体：{current.name}（{moduleDef(current.computeMethod)?.label}）
          </Alert>
        )}
        <TextField size="small" label="单体建筑名称" value={input} onChange={(e) => setInput(e.target.value)} slotProps={{ htmlInput: { maxLength: 50 } }} sx={{ mb: 1, width: { xs: '100%', sm: 300 } }} />
        <Box sx={{ height: 4 }}>{isFetching && <LinearProgress />}</Box>
        {error ? (
          <Alert severity="error">{errorMessage(error)}</Alert>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label="单体建筑" sx={{ minWidth: 520 }}>
              <TableHead>
                <TableRow>
                  <TableCell>单体建筑</TableCell>
                  <TableCell>所属项目</TableCell>
                  <TableCell>计算模块</TableCell>
                  <TableCell align="right">操作</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={4} align="center">
                      {isFetching ? '正在加载, 请稍候...' : MSG.noData}
                    </TableCell>
                  </TableRow>
                )}
                {rows.map((b) => (
                  <TableRow key={b.id} hover>
                    <TableCell>
                      <MuiLink component={Link} to={bimRoute(b.id)} underline="hover">
                        {b.name}
                      </MuiLink>
                    </TableCell>
                    <TableCell>{String(b.engineeringName ?? '')}</TableCell>
                    <TableCell>{moduleDef(b.computeMethod)?.label ?? b.computeMethod}</TableCell>
                    <TableCell align="right">
                      <Button size="small" component={Link} to={bimRoute(b.id)}>
                        导入模型
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
