// /divisor/epd — 导入EPD (from the factor library's list, for those who may write it): upload one EPD's files, read
// the pre-flight, choose a 小类 if wanted, 导入 — the server reads the files again and makes the factor, then its page
// opens. Nothing is imported while the pre-flight has refusals; the server's Chinese message says what went wrong.
import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Title, useNotify } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { RequireRoles } from '../../admin/RequireRoles';
import { errorMessage } from '../../admin/useConfirmedAction';
import { clientResource } from '../../registry';
import { importEpd } from './epdApi';
import { EpdPreflightCard } from './EpdPreflightCard';
import { EpdUploadCard, type EpdRead } from './EpdUploadCard';

const TITLE = '导入EPD';
const LIBRARY = 'tpf3BuildMaterial';
const INTRO =
  '把生产企业的环境产品声明（EPD）导入为产品专用的建材因子：因子值为 A1–A3 的 GWP（每声明单位），' +
  '其余模块随因子保存，用于计算结果的 EN 15978 模块表和 D 模块。';

const ImportCard = ({ read }: { read: EpdRead }) => {
  const notify = useNotify();
  const navigate = useNavigate();
  const { route } = clientResource(LIBRARY);
  const [smallType, setSmallType] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const refused = read.check.refusals.length > 0;

  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      const { data, message } = await importEpd(read.files, smallType);
      notify(message || 'EPD 已导入为因子', { type: 'success' });
      navigate(`${route}/${encodeURIComponent(String(data.id))}`);
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  };

  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          导入
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField
            size="small"
            label="小类"
            value={smallType}
            onChange={(e) => setSmallType(e.target.value)}
            helperText="选填，如 混凝土、钢材、保温材料"
            slotProps={{ htmlInput: { maxLength: 50 } }}
            disabled={busy || refused}
            fullWidth={false}
            sx={{ width: { xs: '100%', sm: 280 } }}
          />
          <Button variant="contained" onClick={() => void run()} disabled={busy || refused} sx={{ mt: { sm: 0.25 } }}>
            导入
          </Button>
        </Stack>
        <Typography variant="body2" color={refused ? 'error' : 'text.secondary'} sx={{ mt: 1 }}>
          {refused
            ? '预检报告中有无法导入的原因，请更换文件后再导入'
            : '导入后因子库中新增一条建材因子（数据质量：EPD），EPD 的全部数据随因子保存'}
        </Typography>
        {error && (
          <Alert severity="error" sx={{ mt: 1.5 }} data-testid="epd-import-error">
            {error}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
};

export default function EpdImportPage() {
  const { write, route } = clientResource(LIBRARY);
  const [read, setRead] = useState<EpdRead | null>(null);
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, minWidth: 0, maxWidth: 1280 }}>
      <Title title={TITLE} />
      <Button component={RouterLink} to={route!} startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        返回因子库
      </Button>
      <RequireRoles roles={write} title={TITLE}>
        <Typography variant="h6" component="h1" gutterBottom>
          {TITLE}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {INTRO}
        </Typography>
        <EpdUploadCard onRead={setRead} />
        {read && <EpdPreflightCard files={read.files} check={read.check} />}
        {read && <ImportCard key={read.files.map((f) => f.name).join('/')} read={read} />}
      </RequireRoles>
    </Box>
  );
}
