// The progress of a job: an MUI LinearProgress (indeterminate until the total is known, then determinate) and
// the text `已处理 {done} / {total} 行` with thousands separators (12,000), optionally after a prefix
// such as `正在计算… `. A job waiting for its turn says so instead (its message: 排队中（第 N 位）…).
import { Box, LinearProgress, Typography } from '@mui/material';
import type { Job } from './jobApi';

/** The prefix of a calculation's progress: `正在计算… 已处理 1,000 / 80,000 行`. */
export const CALCULATING = '正在计算… ';

const counts = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 0 });

/** 12000 → '12,000'. */
export const formatCount = (n: number) => counts.format(Number.isFinite(n) ? n : 0);

/** `已处理 1,000 / 80,000 行`; without a total yet `已处理 1,000 行`. */
export const progressText = ({ done, total }: Pick<Job, 'done' | 'total'>) =>
  total == null ? `已处理 ${formatCount(done)} 行` : `已处理 ${formatCount(done)} / ${formatCount(total)} 行`;

/** Percent done, or undefined while the total is not known. */
export function percentDone({ done, total }: Pick<Job, 'done' | 'total'>): number | undefined {
  if (total == null) return undefined;
  if (total <= 0) return 100;
  return Math.max(0, Math.min(100, (done / total) * 100));
}

export const JobProgress = ({
  job,
  prefix = '',
}: {
  job: Pick<Job, 'done' | 'total'> & { message?: string | null };
  prefix?: string;
}) => {
  const value = percentDone(job);
  const text = `${prefix}${job.message || progressText(job)}`;
  return (
    <Box data-testid="job-progress">
      <LinearProgress variant={value === undefined ? 'indeterminate' : 'determinate'} value={value} aria-label={text} />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {text}
      </Typography>
    </Box>
  );
};
