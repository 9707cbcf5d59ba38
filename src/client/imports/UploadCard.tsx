// The upload card of an import page (/bim?id=, /bill?id=): a drop zone and 选择文件 for one file, the limit said,
// the source's mirror check, the source's upload, then the reading job followed with its progress (正在解析模型…,
// 正在读取预算文件… 已处理 …). A refused file or a failed read shows the server's Chinese message and the user
// picks another file; a read file hands its job id to the page. What the card says and does is the source's `kind`.
import { useState } from 'react';
import { Alert, Box, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import { DropZone } from '../admin/DropZone';
import { errorMessage } from '../admin/useConfirmedAction';
import { jobOf, jobOutcome } from '../jobs/jobApi';
import { JobProgress } from '../jobs/JobProgress';
import { useJob } from '../jobs/useJob';
import type { UploadAnswer } from './importApi';
import { fileSizeText } from '../i18n/fileSize';
import { IMPORT_MSG } from './texts';

/** What the card says and does for one kind of file. */
export interface UploadKind {
  /** the card's title: 上传模型, 上传预算文件 */
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
  /** the job's progress prefix: 正在解析模型…, 正在读取预算文件… */
  reading: string;
  testId: string;
}

export interface UploadCardProps {
  projectId: number;
  /** The file is read: its job id (the source's GET {jobId}). */
  onParsed: (jobId: number) => void;
  kind: UploadKind;
}

export const UploadCard = ({ projectId, onParsed, kind }: UploadCardProps) => {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [phase, setPhase] = useState<'upload' | 'parse' | null>(null);
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

  const busy = phase !== null;
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {kind.title}
        </Typography>
        <DropZone
          testId={kind.testId}
          drop={kind.drop}
          limit={kind.limit}
          accept={kind.accept}
          inputLabel={kind.inputLabel}
          busy={busy}
          onFiles={([picked]) => void send(picked)}
        />
        {file && (
          <Typography variant="body2" sx={{ mt: 1.5, wordBreak: 'break-all' }}>
            文件：{file.name}（{fileSizeText(file.size)}）
          </Typography>
        )}
        {phase === 'upload' && (
          <Stack spacing={1} sx={{ mt: 1.5 }}>
            <LinearProgress aria-label={IMPORT_MSG.uploading} />
            <Typography variant="body2" color="text.secondary">
              {IMPORT_MSG.uploading}
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
