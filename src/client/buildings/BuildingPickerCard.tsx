// A tool's page opened without a building (from 应用拓展: /bim, /decide): the buildings a tool takes, searched by
// name, each leading into the tool; the session's current building offered first when the tool takes it.
import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  LinearProgress,
  Link as MuiLink,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { moduleDef } from '../../../schemas/standards';
import { formatNumber } from '../../calc/format';
import { MSG } from '../constants';
import { errorMessage } from '../admin/useConfirmedAction';
import { useDebouncedValue } from '../admin/debounce';
import type { BuildingRecord } from './buildingApi';
import { useCurrentBuilding } from './useCurrentBuilding';
import { ScrollX } from '../admin/ScrollX';

export interface BuildingPickerProps {
  /** the react-query key of the list (the name searched is added) */
  queryKey: string;
  list: (name: string, signal?: AbortSignal) => Promise<BuildingRecord[]>;
  /** what the tool does with a building (shown under the title) */
  hint: string;
  /** the tool takes buildings of this module (absent: every module) */
  takes?: (module: string) => boolean;
  to: (id: number) => string;
  /** the button's text: 导入模型, 决策分析 */
  action: string;
  /** a 碳排放总量 column */
  showTotal?: boolean;
}

const modLabel = (b: { computeMethod: string }) => moduleDef(b.computeMethod)?.label ?? b.computeMethod;

export const BuildingPickerCard = (p: BuildingPickerProps) => {
  const current = useCurrentBuilding();
  const [input, setInput] = useState('');
  const name = useDebouncedValue(input.trim(), 200);
  const { data, isFetching, error } = useQuery({
    queryKey: [p.queryKey, name],
    queryFn: ({ signal }) => p.list(name, signal),
    retry: false,
  });
  const rows = data ?? [];
  const columns = p.showTotal ? 5 : 4;
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          选择单体建筑
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {p.hint}
        </Typography>
        {current && (p.takes?.(current.computeMethod) ?? true) && (
          <Alert
            severity="info"
            sx={{ mb: 1.5 }}
            action={
              <Button color="inherit" size="small" component={Link} to={p.to(current.id)} sx={{ whiteSpace: 'nowrap' }}>
                {p.action}
              </Button>
            }
          >
            当前单体：{current.name}（{modLabel(current)}）
          </Alert>
        )}
        <TextField
          size="small"
          label="单体建筑名称"
          value={input}
          onChange={(e) => setInput(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 50 } }}
          sx={{ mb: 1, width: { xs: '100%', sm: 300 } }}
        />
        <Box sx={{ height: 4 }}>{isFetching && <LinearProgress />}</Box>
        {error ? (
          <Alert severity="error">{errorMessage(error)}</Alert>
        ) : (
          <ScrollX label="单体建筑">
            <Table
              size="small"
              aria-label="单体建筑"
              sx={{ minWidth: { sm: 600 }, '& .wide': { display: { xs: 'none', sm: 'table-cell' } } }}
            >
              <TableHead>
                <TableRow>
                  <TableCell>单体建筑</TableCell>
                  <TableCell className="wide">所属项目</TableCell>
                  <TableCell>计算模块</TableCell>
                  {p.showTotal && <TableCell align="right">碳排放总量(tCO2e)</TableCell>}
                  <TableCell className="wide" align="right">
                    操作
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={columns} align="center">
                      {isFetching ? '正在加载, 请稍候...' : MSG.noData}
                    </TableCell>
                  </TableRow>
                )}
                {rows.map((b) => (
                  <TableRow key={b.id} hover data-testid="picker-building">
                    <TableCell>
                      <MuiLink component={Link} to={p.to(b.id)} underline="hover">
                        {b.name}
                      </MuiLink>
                    </TableCell>
                    <TableCell className="wide">{String(b.engineeringName ?? '')}</TableCell>
                    <TableCell>{modLabel(b)}</TableCell>
                    {p.showTotal && <TableCell align="right">{formatNumber(b.total, 2)}</TableCell>}
                    <TableCell className="wide" align="right">
                      <Button size="small" component={Link} to={p.to(b.id)} sx={{ whiteSpace: 'nowrap' }}>
                        {p.action}
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ScrollX>
        )}
      </CardContent>
    </Card>
  );
};
