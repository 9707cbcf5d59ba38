// The frozen report's drawing as a job (jobs/run.ts): started by the last signature — whose answer does not wait
// for it — or again from the review page after a failure. Every reader of the building follows it there (the review
// answer's `drawing`), not only the signer who started it, so the job is found by its title, which names the report
// number; a start while one runs, on any replica, joins it instead of drawing twice.
import { DRAWING_STEPS } from '../../../schemas/signedReport';
import type { Caller } from '../db/caller';
import type { Db } from '../db/database';
import type { ApiRecord } from '../db/record';
import { runJob } from '../jobs';
import { freezeReport } from './frozen';
import { drawingOf, drawingTitle, frozenInfo } from './frozenStore';

/**
 * A step runs for seconds without a word: the job row is touched this often, so it is not taken for lost (STALE_MS).
 */
const HEARTBEAT_MS = 20_000;

/**
 * Starts drawing the report of an 已审定 revision as a job of `caller`, unless it is stored or its drawing runs;
 * answers without waiting for it. `log` hears why a drawing failed (the job says so in words).
 */
export async function startDrawing(
  db: Db,
  caller: Caller,
  b: ApiRecord,
  origin: string,
  log: (err: unknown) => void,
): Promise<void> {
  if ((await frozenInfo(db, b)) || (await drawingOf(db, b))?.state === 'running') return;
  const spec = { kind: 'report' as const, title: drawingTitle(b), waitMs: 0 };
  await runJob(db, caller, spec, async (progress) => {
    let done = 0;
    const beat = setInterval(() => {
      try {
        progress(done, DRAWING_STEPS.length);
      } catch {
        // (the server is stopping: the next step's report stops the drawing)
      }
    }, HEARTBEAT_MS).unref();
    try {
      await freezeReport(db, caller, b, origin, (step) => progress((done = step), DRAWING_STEPS.length));
    } catch (err) {
      log(err);
      throw err;
    } finally {
      clearInterval(beat);
    }
    return { reportNo: String(b.reportNo) };
  }).catch(() => undefined); // (a failure within the job's first moment: written to the job, which the page shows)
}
