// A building's changes (recorded by the database): who changed what, when, from what to what — newest
// first, a page at a time, narrowed to 单体信息, one stage or 方案.
import { useState } from 'react';
import {
  Alert,
  Box,
  Card,
  CardContent,
  Chip,
  FormControl,
  InputLabel,
  List,
  ListItem,
  MenuItem,
  Pagination,
  Select,
  Stack,
  Typography,
} from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { formatDate } from '../admin/schemaFields';
import { errorMessage } from '../admin/useConfirmedAction';
import { changeLines } from '../../../schemas/review';
import { getAudit, type AuditEntry } from './reviewApi';

const PAGE = 20;
/** An insert or a delete lists the row's fields: the first few, then how many more. */
const SHOWN = 8;
const ALL = '';

export const AuditTrail = ({ projectId }: { projectId: number }) => {
  const [area, setArea] = useState(ALL);
  const [page, setPage] = useState(1);
  const trail = useQuery({
    queryKey: ['review', projectId, 'audit', area, page],
    queryFn: ({ signal }) => getAudit(projectId, { ...(area ? { area } : {}), pageNo: page, pageSize: PAGE }, signal),
    placeholderData: keepPreviousData,
  });
  const data = trail.data;
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
            变更记录
          </Typography>
          <FormControl size="small" sx={{ width: { xs: '100%', sm: 220 } }}>
            <InputLabel id="audit-area">范围</InputLabel>
            <Select
              labelId="audit-area"
              label="范围"
              value={area}
              onChange={(e) => {
                setArea(e.target.value);
                setPage(1);
              }}
            >
              <MenuItem value={ALL}>全部</MenuItem>
              {(data?.areas ?? []).map((a) => (
                <MenuItem key={a.value} value={a.value}>
                  {a.label}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        </Stack>
        {trail.isError && <Alert severity="error">{errorMessage(trail.error)}</Alert>}
        <List dense aria-label="变更记录">
          {data && data.entries.length === 0 && (
            <ListItem>
              <Typography variant="body2">暂无数据</Typography>
            </ListItem>
          )}
          {data?.entries.map((e) => (
            <Entry key={e.id} e={e} />
          ))}
        </List>
        {data && data.total > PAGE && (
          <Pagination
            count={Math.ceil(data.total / PAGE)}
            page={page}
            onChange={(_, p) => setPage(p)}
            size="small"
            sx={{ mt: 1 }}
          />
        )}
      </CardContent>
    </Card>
  );
};

const ACTION_COLORS = { insert: 'success', update: 'info', delete: 'warning', seed: 'default' } as const;

const Entry = ({ e }: { e: AuditEntry }) => {
  const lines = changeLines(e);
  return (
    <ListItem divider data-testid="audit-entry" sx={{ display: 'block' }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary">
          {formatDate(e.at, true)}
        </Typography>
        <Typography variant="body2">{e.user?.name ?? '系统'}</Typography>
        <Chip size="small" label={e.summary} color={ACTION_COLORS[e.action]} variant="outlined" />
        <Typography variant="body2" sx={{ fontWeight: 500, wordBreak: 'break-word' }}>
          {e.where}
        </Typography>
      </Stack>
      {lines.length > 0 && (
        <Box
          component="ul"
          sx={{ m: 0, mt: 0.5, pl: 2.5, color: 'text.secondary', fontSize: 13, wordBreak: 'break-word' }}
        >
          {lines.slice(0, SHOWN).map((l) => (
            <li key={l}>{l}</li>
          ))}
          {lines.length > SHOWN && <li>…等 {lines.length} 项</li>}
        </Box>
      )}
    </ListItem>
  );
};
