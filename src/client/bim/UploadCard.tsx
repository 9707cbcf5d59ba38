// The upload card of /bim?id=: a drop zone and 选择文件 for one .ifc / .ifczip, the limit said,
// the client's mirror check (bimFile.ts), POST bim/fileUpload, then the parse job followed with its progress
// (正在解析模型… 已处理 …). A refused file or a failed parse shows the server's Chinese message and the user
// picks another file; a parsed model hands its job id to the page. The card is the BIM model's by default; another
// upload of one file read as a job (the budget file, budget/) passes its own `kind`.
import { useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { Alert, Box, Button, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { errorMessage } from '../admin/useConfirmedAction';
import { jobOf, jobOutcome } from '../jobs/jobApi';
import { JobProgress } from '../jobs/JobProgress';
import { useJob } from '../jobs/useJob';
import { uploadModel, type UploadAnswer } from './bimApi';
import { fileSizeText } from '../i18n/fileSize';
import { BIM_ACCEPT, BIM_FILE_MSG, checkModelFile } from './bimFile';
import { BIM_MSG } from './texts';

/** What the card says and does for one kind of file. */
export interface UploadKind {
  /** the card's title: 上传模型 */
  title: string;
  /** before 选择文件 in the drop zone */
  drop: string;
  /** the formats and the size limit */
  limit: string;
  /** the file input's label */
  inputLabel: string;
  accept: string;
  /** why the file cannot be sent, or null */
  check: (file: File) => string | null;
  /** POST the file → `{ jobId }` or the running job */
  upload: (projectId: number, file: File) => Promise<UploadAnswer>;
  /** the job's progress prefix: 正在解析模型… */
  reading: string;
  testId: string;
}

export const BIM_UPLOAD: UploadKind = {
  title: '上传模型',
  drop: '将 IFC 模型文件拖到此处，或',
  limit: BIM_FILE_MSG.limit,
  inputLabel: '选择IFC模型文件',
  accept: BIM_ACCEPT,
  check: checkModelFile,
  upload: uploadModel,
  reading: BIM_MSG.parsing,
  testId: 'bim-drop',
};

export interface UploadCardProps {
  projectId: number;
  /** The file is read: its job id (GET bim/{jobId}). */
  onParsed: (jobId: number) => void;
  kind?: UploadKind;
}

export const UploadCard = ({ projectId, onParsed, kind = BIM_UPLOAD }: UploadCardProps) => {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [phase, setPhase] = useState<'upload' | 'parse' | null>(null);
  const [over, setOver] = useState(false);
  const { job, follow } = useJob();

  const send = async (picked: File) => {
    setFile(picked);
    const refused = kind.check(picked);
    setError(refused);
    if (refused) return;
    setPhase('upload');
    try {
      const answer = await kind.upload(projectId, picked);
      const started = jobOf(answer);
      let jobId: number;
      if (started) {
        setPhase('parse');
        const ended = await follow(started);
        if (!ended) return; // the page was left
        const result = jobOutcome<{ jobId?: number } | null>(ended); // a failed parse throws its message
        jobId = Number(result?.jobId ?? ended.id);
      } else jobId = Number((answer as { jobId: number }).jobId);
      onParsed(jobId);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setPhase(null);
    }
  };

  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const picked = e.target.files?.[0];
    e.target.value = ''; // the same file can be chosen again
    if (picked) void send(picked);
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const picked = e.dataTransfer.files?.[0];
    if (picked && !phase) void send(picked);
  };

  const busy = phase !== null;
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {kind.title}
        </Typography>
        <Box
          data-testid={kind.testId}
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
          <Typography sx={{ mt: 1 }}>{kind.drop}</Typography>
          <Button variant="contained" sx={{ mt: 1 }} disabled={busy} onClick={() => input.current?.click()}>
            选择文件
          </Button>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {kind.limit}
          </Typography>
          <input ref={input} type="file" accept={kind.accept} hidden aria-label={kind.inputLabel} onChange={onChange} />
        </Box>
        {file && (
          <Typography variant="body2" sx={{ mt: 1.5, wordBreak: 'break-all' }}>
            文件：{file.name}（{fileSizeText(file.size)}）
          </Typography>
        )}
        {phase === 'upload' && (
          <Stack spacing={1} sx={{ mt: 1.5 }}>
            <LinearProgress aria-label={BIM_MSG.uploading} />
            <Typography variant="body2" color="text.secondary">
              {BIM_MSG.uploading}
            </Typography>
          </Stack>
        )}
        {phase === 'parse' && job && (
          <Box sx={{ mt: 1.5 }}>
            <JobProgress job={job} prefix={kind.reading} />
          </Box>
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
