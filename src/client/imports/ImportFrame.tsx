// The import card every source shares: 导入方式 (append, or replace what this source imported before — confirmed
// first), 导入, the job followed while it runs, then the source's answer or the server's message. Items with the
// pre-flight's 待确认问题 are imported only after the user confirms them by name (the server refuses them otherwise).
import { useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  FormControlLabel,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from '@mui/material';
import { useConfirmedAction } from '../admin/useConfirmedAction';
import type { JobAnswer } from '../jobs/jobApi';
import { JobProgress } from '../jobs/JobProgress';
import { useImportRun } from './useImportRun';

interface Props<A, M extends string> {
  modeLabels: Record<M, string>;
  /** what the import makes of the file */
  description: string;
  replaceConfirm: string;
  importingPrefix: string;
  /** the confirmation naming the items with 待确认问题; absent when there are none */
  reviewConfirm?: string;
  /** false: nothing chosen to import */
  canStart: boolean;
  /** beside the button: what will be imported, or why nothing can be */
  status: ReactNode;
  call: (mode: M, confirmProblems: boolean) => Promise<A | JobAnswer>;
  onBusy?: (busy: boolean) => void;
  answer: (done: A) => ReactNode;
}

export function ImportFrame<A, M extends string>(p: Props<A, M>) {
  const modes = Object.keys(p.modeLabels) as M[];
  const [mode, setMode] = useState<M>(modes[0]);
  const { busy, error, done, job, run: runImport } = useImportRun<A>(p.onBusy);
  const run = (confirmProblems: boolean) => runImport(() => p.call(mode, confirmProblems));
  const confirmReview = useConfirmedAction('确认导入', p.reviewConfirm ?? '', async () => void run(true));
  const afterReplace = () => (p.reviewConfirm ? confirmReview.ask() : void run(false));
  const replace = useConfirmedAction('替换确认', p.replaceConfirm, async () => afterReplace());
  const start = () => (mode === 'replace' ? replace.ask() : afterReplace());

  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          导入
        </Typography>
        <RadioGroup row value={mode} onChange={(e) => setMode(e.target.value as M)} aria-label="导入方式">
          {modes.map((m) => (
            <FormControlLabel
              key={m}
              value={m}
              control={<Radio size="small" />}
              label={p.modeLabels[m]}
              disabled={busy}
            />
          ))}
        </RadioGroup>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {p.description}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 2 }} sx={{ alignItems: { sm: 'center' } }}>
          <Button variant="contained" onClick={start} disabled={busy || !p.canStart} sx={{ alignSelf: 'flex-start' }}>
            导入
          </Button>
          {p.status}
        </Stack>
        {busy && (
          <Box sx={{ mt: 1.5 }}>
            <JobProgress job={job ?? { done: 0, total: null }} prefix={p.importingPrefix} />
          </Box>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 1.5 }}>
            {error}
          </Alert>
        )}
        {done && p.answer(done)}
      </CardContent>
      {replace.dialog}
      {confirmReview.dialog}
    </Card>
  );
}
