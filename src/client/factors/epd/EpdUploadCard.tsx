// 上传EPD: a drop zone and 选择文件 for one EPD's files together (an ILCD+EPD .xml needs its flow .xml beside it),
// checked here for what the server refuses anyway (count, kind, size), then read by the server's pre-flight, which
// stores nothing. A refused upload shows the server's Chinese message; the user picks other files.
import { useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { Alert, Box, Button, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
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
  const input = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [over, setOver] = useState(false);

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

  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(e.target.files ?? []);
    e.target.value = ''; // the same files can be chosen again
    if (picked.length) void send(picked);
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const picked = Array.from(e.dataTransfer.files ?? []);
    if (picked.length && !busy) void send(picked);
  };

  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          上传EPD文件
        </Typography>
        <Box
          data-testid="epd-drop"
          onDragOver={(e) => {
            e.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={onDrop}
          sx={{
            border: 2,
            borderStyle: 'dashed',
            borderColor: over ? 'primary.main' : 'divider',
            borderRadius: 1,
            bgcolor: over ? 'action.hover' : 'transparent',
            p: { xs: 2, sm: 3 },
            textAlign: 'center',
          }}
        >
          <UploadFileIcon color={busy ? 'disabled' : 'primary'} sx={{ fontSize: 40 }} />
          <Typography sx={{ mt: 1 }}>将一份 EPD 的文件拖到此处，或</Typography>
          <Button variant="contained" sx={{ mt: 1 }} disabled={busy} onClick={() => input.current?.click()}>
            选择文件
          </Button>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {EPD_LIMIT_TEXT}
          </Typography>
          <input
            ref={input}
            type="file"
            accept={EPD_ACCEPT}
            multiple
            hidden
            aria-label="EPD 文件"
            onChange={onChange}
          />
        </Box>
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
