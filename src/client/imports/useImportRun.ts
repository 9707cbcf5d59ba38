// One import of a pre-flighted file into a building (the BIM model's, the budget file's): the call, its job followed
// while it runs (后台运行 leaves it running), then its answer — and the stage pages and the result read again — or
// the server's message.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../admin/useConfirmedAction';
import { jobOf, jobOutcome, type JobAnswer } from '../jobs/jobApi';
import { useJob } from '../jobs/useJob';

export function useImportRun<A>(onBusy?: (busy: boolean) => void) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<A | null>(null);
  const { job, follow } = useJob();

  const run = async (call: () => Promise<A | JobAnswer>) => {
    setBusy(true);
    onBusy?.(true);
    setError(null);
    setDone(null);
    try {
      const answer = await call();
      const started = jobOf(answer);
      let result = answer as A;
      if (started) {
        const ended = await follow(started);
        if (!ended) return;
        result = jobOutcome<A>(ended);
      }
      setDone(result);
      for (const key of ['stageRows', 'stageData', 'tpf3ProjectV'])
        void queryClient.invalidateQueries({ queryKey: [key] });
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
      onBusy?.(false);
    }
  };

  return { busy, error, done, job, run };
}
