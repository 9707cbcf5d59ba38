// 本单位校审设置: the caller's tenant's sign-off rules — how many levels, whether one person may sign two
// levels, the report numbers' prefix. Everyone reads them; the tenant's group admin changes them (the server decides).
import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  CardContent,
  FormControl,
  FormControlLabel,
  InputLabel,
  Link,
  MenuItem,
  Select,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { errorMessage } from '../admin/useConfirmedAction';
import { Link as RouterLink } from 'react-router-dom';
import { sysTenant } from '../../../schemas/resources/sysTenant';
import { SETTINGS_TEXTS } from '../../../schemas/review';
import { useCurrentUser } from '../session/useCurrentUser';
import { getSignoffSettings, saveSignoffSettings } from './reviewApi';

const TENANTS_ROUTE = sysTenant['x-resource'].route;

const LEVELS = [
  [2, '2 级：计算、校对'],
  [3, '3 级：计算、校对、审核'],
  [4, '4 级：计算、校对、审核、审定'],
] as const;

export const SignoffSettingsCard = () => {
  const notify = useNotify();
  const client = useQueryClient();
  const user = useCurrentUser();
  // a super admin belongs to no tenant: every tenant's rules are set in 集团租户, so none is asked for here
  const ownTenant = !!user?.tenantId;
  const settings = useQuery({
    queryKey: ['review', 'settings'],
    queryFn: ({ signal }) => getSignoffSettings(signal),
    retry: false,
    enabled: ownTenant,
  });
  const [levels, setLevels] = useState(4);
  const [same, setSame] = useState(false);
  const [prefix, setPrefix] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const s = settings.data;
  useEffect(() => {
    if (!s) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the form starts from the settings once they arrive
    setLevels(s.signoffLevels);
    setSame(s.signoffSamePerson === 1);
    setPrefix(s.reportPrefix ?? '');
  }, [s]);
  if (user && !ownTenant) {
    return (
      <Card variant="outlined" sx={{ mt: 2 }} data-testid="signoff-settings">
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            校审设置
          </Typography>
          <Typography variant="body2">
            {SETTINGS_TEXTS.noTenant}：
            <Link component={RouterLink} to={TENANTS_ROUTE}>
              前往集团租户
            </Link>
          </Typography>
        </CardContent>
      </Card>
    );
  }
  if (!s) return null;
  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      await saveSignoffSettings({
        signoffLevels: levels,
        signoffSamePerson: same ? 1 : 0,
        reportPrefix: prefix.trim(),
      });
      notify('保存成功！', { type: 'success' });
      await client.invalidateQueries({ queryKey: ['review', 'settings'] });
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card variant="outlined" sx={{ mt: 2 }} data-testid="signoff-settings">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          本单位校审设置（{s.tenantName}）
        </Typography>
        {s.canEdit ? (
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
            <FormControl size="small" sx={{ minWidth: 260 }} disabled={busy}>
              <InputLabel id="signoff-levels">校审级数</InputLabel>
              <Select
                labelId="signoff-levels"
                label="校审级数"
                value={levels}
                onChange={(e) => setLevels(Number(e.target.value))}
              >
                {LEVELS.map(([n, label]) => (
                  <MenuItem key={n} value={n}>
                    {label}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
            <FormControlLabel
              control={<Switch checked={same} onChange={(e) => setSame(e.target.checked)} disabled={busy} />}
              label="允许一人兼任多级"
              sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
            />
            <TextField
              size="small"
              label="报告编号前缀"
              value={prefix}
              placeholder={s.defaultPrefix}
              helperText={`未填写时为 ${s.defaultPrefix}`}
              disabled={busy}
              onChange={(e) => setPrefix(e.target.value)}
              slotProps={{ htmlInput: { maxLength: 10 } }}
              sx={{ width: { md: 220 } }}
            />
            <Button variant="contained" onClick={save} disabled={busy} sx={{ alignSelf: { md: 'flex-start' } }}>
              保存
            </Button>
          </Stack>
        ) : (
          // (read only: the rules as text, set by the tenant's group admin)
          <Typography variant="body2" data-testid="signoff-rules">
            校审级数：{LEVELS.find(([n]) => n === s.signoffLevels)?.[1] ?? s.signoffLevels}；允许一人兼任多级：
            {s.signoffSamePerson ? '是' : '否'}；报告编号前缀：{s.reportPrefix || s.defaultPrefix}
            。由本单位的集团管理员设置。
          </Typography>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 1.5 }}>
            {error}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
};
