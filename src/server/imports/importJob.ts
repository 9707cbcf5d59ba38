// An import into a building runs as a job: answered with its result when it ends within the wait, else with the job
// to follow; either way the answer's message counts the rows the import wrote.
import type { Caller } from '../db/caller';
import type { Db } from '../db/database';
import { DEFAULT_WAIT_MS, jobAnswer, runJob, type Progress } from '../jobs/index';

export async function importJob<A>(
  db: Db,
  caller: Caller,
  spec: { title: string; waitMs?: number },
  work: (progress: Progress) => Promise<{ answer: A; message: string }>,
) {
  let message = '';
  const outcome = await runJob(
    db,
    caller,
    { kind: 'import', title: spec.title, waitMs: spec.waitMs ?? DEFAULT_WAIT_MS },
    async (progress) => {
      const done = await work(progress);
      message = done.message;
      return done.answer;
    },
  );
  return jobAnswer(outcome, message);
}
