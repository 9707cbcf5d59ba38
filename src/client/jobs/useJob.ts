// useJob: follows one job at a time for a component — the job as last read (for <JobProgress>), `follow(job)`
// that polls it every JOB_POLL_MS and resolves with the ended job, and `stop()` (后台运行) after which `follow`
// resolves with null: the work goes on in the server, the client stops asking. Unmounting stops too.
import { useCallback, useEffect, useRef, useState } from 'react';
import { pollJob, type Job } from './jobApi';

export interface JobFollower {
  /** The job being followed, as last read; null when none is (never started, ended, or stopped). */
  job: Job | null;
  /** Polls the job until done or failed → the ended job; stopped (stop(), unmount, another follow) → null. */
  follow: (job: Job) => Promise<Job | null>;
  /** Stops polling; the job goes on in the server. */
  stop: () => void;
}

export function useJob(): JobFollower {
  const [job, setJob] = useState<Job | null>(null);
  const current = useRef<AbortController | null>(null);

  useEffect(() => () => current.current?.abort(), []);

  const stop = useCallback(() => {
    current.current?.abort();
    current.current = null;
    setJob(null);
  }, []);

  const follow = useCallback(async (start: Job): Promise<Job | null> => {
    current.current?.abort();
    const ctrl = new AbortController();
    current.current = ctrl;
    setJob(start);
    try {
      return await pollJob(start, { signal: ctrl.signal, onProgress: setJob });
    } catch (err) {
      if (ctrl.signal.aborted) return null;
      throw err;
    } finally {
      if (current.current === ctrl) {
        current.current = null;
        setJob(null);
      }
    }
  }, []);

  return { job, follow, stop };
}
