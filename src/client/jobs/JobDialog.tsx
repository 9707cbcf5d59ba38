// The dialog shown while a job is followed: its title (the job's own, e.g. '导入 建材生产 — 清单.xlsx'), the
// progress bar and 后台运行, which closes the dialog and stops the polling (closing it otherwise does the same):
// the work goes on in the server and the user keeps working.
import { useId, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import type { Job } from './jobApi';
import { JobProgress } from './JobProgress';

export const BACKGROUND_LABEL = '后台运行';

export interface JobDialogProps {
  /** The job followed; null closes the dialog. */
  job: Job | null;
  /** Title when the job has none. */
  fallbackTitle: string;
  /** Before `已处理 …`, e.g. '正在计算… '. */
  prefix?: string;
  onBackground: () => void;
}

export const JobDialog = ({ job, fallbackTitle, prefix, onBackground }: JobDialogProps) => {
  const id = useId();
  // the last job stays shown while the dialog fades out
  const [last, setLast] = useState<Job | null>(job);
  if (job && job !== last) setLast(job);
  const shown = job ?? last;
  return (
    <Dialog open={!!job} onClose={onBackground} maxWidth="xs" fullWidth aria-labelledby={id}>
      <DialogTitle id={id}>{shown?.title || fallbackTitle}</DialogTitle>
      <DialogContent>{shown && <JobProgress job={shown} prefix={prefix} />}</DialogContent>
      <DialogActions>
        <Button onClick={onBackground}>{BACKGROUND_LABEL}</Button>
      </DialogActions>
    </Dialog>
  );
};
