// The report's file from its model, drawn off the request loop in the server's thread pool (drawTask.ts).
import { threadPool } from '../jobs/threadPool';
import type { DrawJob } from './drawTask';

export const drawReport = (job: DrawJob): Promise<Buffer> =>
  threadPool.run<Buffer>(new URL('./drawTask.ts', import.meta.url), job);
