// /factors/versions/:id — 历史版本 of a library factor (linked from its /divisor row by the schema's rowLinks and
// from the recalculation dialog): every version of its lineage, newest first, with the values a calculation uses
// (factor 4 decimals, density 3) and which one is current. Old versions are read-only: stage rows keep the
// version they were calculated with (src/server/factors/versions.ts).
import {
  Alert,
  Box,
  Button,
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
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useQuery } from '@tanstack/react-query';
import { Loading, Title } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { formatNumber } from '../../calc/format';
import { NoData } from '../admin/NoData';
import { errorMessage } from '../admin/useConfirmedAction';
import { factorVersions } from './factorApi';
import { ScrollX } from '../admin/ScrollX';

const day = (v: unknown) => (typeof v === 'string' ? new Date(v).toLocaleString('zh-CN', { hour12: false }) : '');

export default function FactorVersionsPage() {
  const id = Number(useParams().id);
  const { data, error, isPending } = useQuery({
    queryKey: ['factorVersions', id],
    queryFn: ({ signal }) => factorVersions(id, signal),
    retry: false,
    enabled: id > 0,
  });
  if (isPending && id > 0) return <Loading />;
  const list = data ?? [];
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, minWidth: 0 }}>
      <Title title="因子历史版本" />
      <Button component={RouterLink} to="/divisor" startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        返回因子库
      </Button>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h1" gutterBottom>
            历史版本{list[0] ? `：${list[0].name}` : ''}
          </Typography>
          {error && <Alert severity="error">{errorMessage(error)}</Alert>}
          {!error && !list.length && <NoData />}
          {list.length > 0 && (
            <ScrollX label="因子历史版本">
              {/* (one line per cell, the source wrapping: on a phone the table scrolls sideways) */}
              <Table
                size="small"
                aria-label="因子历史版本"
                sx={{ '& td, & th': { whiteSpace: 'nowrap' }, '& td.source': { whiteSpace: 'normal' } }}
              >
                <TableHead>
                  <TableRow>
                    <TableCell>版本</TableCell>
                    <TableCell>名称</TableCell>
                    <TableCell align="right">碳排放因子</TableCell>
                    <TableCell>因子单位</TableCell>
                    <TableCell align="right">密度(t/单位)</TableCell>
                    <TableCell>数据来源</TableCell>
                    <TableCell>创建时间</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {list.map((f) => (
                    <TableRow key={f.id} selected={f.id === id}>
                      <TableCell>
                        第 {f.version ?? 1} 版{' '}
                        {f.supersededBy == null && <Chip size="small" color="success" label="当前" sx={{ ml: 0.5 }} />}
                      </TableCell>
                      <TableCell>{f.name}</TableCell>
                      <TableCell align="right">{formatNumber(f.materialCo, 4)}</TableCell>
                      <TableCell>{String(f.coUnit ?? '')}</TableCell>
                      <TableCell align="right">{formatNumber(f.density, 3)}</TableCell>
                      <TableCell className="source" sx={{ minWidth: 160 }}>
                        {String(f.source ?? '')}
                      </TableCell>
                      <TableCell>{day(f.createDate)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </ScrollX>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
