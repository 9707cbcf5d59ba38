// 上传EPD: a drop zone and 选择文件 for one EPD's files together (an ILCD+EPD .xml needs its flow .xml beside it),
// checked here for what the server refuses anyway (count, kind, size), then read by the server's pre-flight, which
// stores nothing. A refused upload shows the server's Chinese message; the user picks other files.
import { useState } from 'react';
import { Alert, Box, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import { DropZone } from '../../admin/DropZone';
import { errorMessage } from '../../admin/useConfirmedAction';
import { fileSizeText } from '../../i18n/fileSize';
import { preflightEpd, type EpdPreflight } from './epdApi';
import { checkEpdFiles, EPD_ACCEPT, EPD_LIMIT_TEXT } from './epdText';

export interface EpdRead {
  files: File[];
  check: EpdPreflight;
}

const READING = '正在读取 EPD, 请稍候...';

/** `onRead(null)` as soon as other files are picked: the report shown belongs to the files sent. */
export const EpdUploadCard = ({ onRead }: { onRead: (read: EpdRead | null) => void }) => {
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async (picked: File[]) => {
    setFiles(picked);
    onRead(null);
    const refused = checkEpdFiles(picked);
    setError(refused);
    if (refused) return;
    setBusy(true);
    try {
      onRead({ files: picked, check: await preflightEpd(picked) });
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          上传EPD文件
        </Typography>
        <DropZone
          testId="epd-drop"
          drop="将一份 EPD 的文件拖到此处，或"
          limit={EPD_LIMIT_TEXT}
          accept={EPD_ACCEPT}
          inputLabel="EPD 文件"
          multiple
          busy={busy}
          onFiles={(picked) => void send(picked)}
        />
        {files.length > 0 && (
          <Box component="ul" sx={{ mt: 1.5, mb: 0, pl: 2.5 }} aria-label="已选择的文件">
            {files.map((f, i) => (
              <Typography component="li" variant="body2" key={`${f.name}-${i}`} sx={{ wordBreak: 'break-all' }}>
                {f.name}（{fileSizeText(f.size)}）
              </Typography>
            ))}
          </Box>
        )}
        {busy && (
          <Stack spacing={1} sx={{ mt: 1.5 }}>
            <LinearProgress aria-label={READING} />
            <Typography variant="body2" color="text.secondary">
              {READING}
            </Typography>
          </Stack>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 1.5 }} data-testid="epd-upload-error">
            {error}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
};
