// 本单位签章证书: the certificate the tenant's frozen PDFs are signed with (generated at its first signature, or its
// own PKCS#12 uploaded here), shown to its group admin — subject, issuer, validity, fingerprint; never the key.
import { useRef, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { formatDate } from '../admin/schemaFields';
import { errorMessage } from '../admin/useConfirmedAction';
import { getCertificate, uploadCertificate } from './reviewApi';

const KEY = ['review', 'certificate'];

export const CertificateCard = () => {
  const notify = useNotify();
  const client = useQueryClient();
  const answer = useQuery({ queryKey: KEY, queryFn: ({ signal }) => getCertificate(signal), retry: false });
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!answer.data?.canEdit) return null;
  const c = answer.data.certificate;
  const upload = async () => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      client.setQueryData(KEY, await uploadCertificate(file, password));
      notify('签章证书已更换', { type: 'success' });
      setFile(null);
      setPassword('');
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <Card variant="outlined" sx={{ mt: 2 }} data-testid="signing-certificate">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          本单位签章证书
        </Typography>
        {c ? (
          <Box
            component="dl"
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: '9em 1fr' },
              columnGap: 2,
              rowGap: 0.5,
              m: 0,
              mb: 1.5,
              '& dt': { color: 'text.secondary' },
              '& dd': { m: 0, mb: { xs: 1, sm: 0 }, minWidth: 0, wordBreak: 'break-all' },
            }}
          >
            <dt>来源</dt>
            <dd>{c.source === 'uploaded' ? '本单位上传' : '系统生成（自签名）'}</dd>
            <dt>主体</dt>
            <dd>{c.subject}</dd>
            <dt>颁发者</dt>
            <dd>{c.issuer}</dd>
            <dt>有效期</dt>
            <dd>
              {formatDate(c.notBefore, false)} 至 {formatDate(c.notAfter, false)}
            </dd>
            <dt>SHA-256 指纹</dt>
            <dd style={{ fontFamily: 'monospace' }}>{c.sha256}</dd>
          </Box>
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            尚无签章证书：本单位第一份报告审定时，系统将生成一张自签名证书（RSA 2048，有效期 10 年）用于签署
            PDF；也可在此上传本单位的证书。
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          上传本单位的 PKCS#12 证书（.p12 / .pfx，含私钥）后，此后审定的报告以它签名；已签署的报告不受影响。
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <input
            ref={input}
            type="file"
            accept=".p12,.pfx,application/x-pkcs12"
            hidden
            aria-label="选择证书文件"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
          <Button variant="outlined" onClick={() => input.current?.click()} sx={{ textTransform: 'none' }}>
            {file ? file.name : '选择证书文件'}
          </Button>
          <TextField
            size="small"
            type="password"
            label="证书密码"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="off"
          />
          <Button variant="contained" disabled={busy || !file} onClick={() => void upload()}>
            {busy ? '正在上传…' : '上传并启用'}
          </Button>
        </Stack>
        {error && (
          <Alert severity="error" sx={{ mt: 1.5 }}>
            {error}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
};
