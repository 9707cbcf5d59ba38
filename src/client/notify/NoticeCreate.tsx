// /sys/notify/create 新增通知公告: 标题, 内容 and, for the super admin only, 发送范围 — 全部用户 or one tenant
// (GET sysTenant/?pageSize=100). A group admin's notice always goes to their own tenant (the server decides).
// Saving sends it (POST sysNotice/), then back to the list. Replaces the generic create page, which cannot
// offer the tenant choice.
import type { FormEvent } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import { Title, useDataProvider, useGetList, useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useFields } from '../account/useFields';
import { hasAnyRole } from '../session/roles';
import { schemaFieldErrors } from '../admin/form/fieldErrors';
import { useFormSubmit } from '../admin/form/useFormSubmit';
import { useCurrentUser } from '../session/useCurrentUser';
import { clientResource } from '../registry';

const ALL = 'all';

export const NoticeCreate = () => {
  const { schema, route } = clientResource('sysNotice');
  const isAdmin = hasAnyRole(useCurrentUser()?.roleList, ['admin']);
  const { data: tenants = [] } = useGetList(
    'sysTenant',
    { pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' } },
    { enabled: isAdmin },
  );
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const navigate = useNavigate();
  const { values, setErrors, field } = useFields({ title: '', content: '', scope: ALL });
  const { busy, submit: send } = useFormSubmit(setErrors);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const notice: Record<string, unknown> = {};
    if (values.title.trim()) notice.title = values.title.trim();
    if (values.content.trim()) notice.content = values.content.trim();
    await send(schemaFieldErrors(schema, notice), async () => {
      const tenantId = isAdmin && values.scope !== ALL ? Number(values.scope) : null;
      await dataProvider.create('sysNotice', { data: { ...notice, tenantId } });
      notify('通知已发送', { type: 'success' });
      navigate(route!);
    });
  };

  return (
    <Card sx={{ mt: 1, maxWidth: 960 }}>
      <Title title="通知公告 - 新增" />
      <CardContent>
        <Typography variant="h6" component="h1" gutterBottom>
          新增通知公告
        </Typography>
        <form onSubmit={(e) => void submit(e)} noValidate aria-label="新增通知公告">
          {isAdmin ? (
            <TextField select label="发送范围" disabled={busy} {...field('scope')}>
              <MenuItem value={ALL}>全部用户</MenuItem>
              {tenants.map((t) => (
                <MenuItem key={t.id} value={String(t.id)}>
                  {t.name}
                </MenuItem>
              ))}
            </TextField>
          ) : (
            <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
              发送范围：本集团全部用户
            </Typography>
          )}
          <TextField label="标题" required disabled={busy} inputProps={{ maxLength: 50 }} {...field('title')} />
          <TextField
            label="内容"
            required
            multiline
            minRows={5}
            disabled={busy}
            inputProps={{ maxLength: 2000 }}
            {...field('content')}
          />
          <Stack direction="row" spacing={2} sx={{ mt: 3 }}>
            <Button
              type="submit"
              variant="contained"
              disabled={busy}
              startIcon={busy ? <CircularProgress size={18} color="inherit" /> : <SendIcon />}
            >
              发送
            </Button>
            <Button variant="outlined" onClick={() => navigate(route!)} disabled={busy}>
              取消
            </Button>
            <Box sx={{ flex: 1 }} />
          </Stack>
        </form>
      </CardContent>
    </Card>
  );
};

export default NoticeCreate;
