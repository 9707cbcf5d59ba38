// Jobs: long work run off the request and polled (see store.ts).
export { jobRoutes } from './routes';
export { DEFAULT_WAIT_MS, jobAnswer, runJob, stopJobs, waitProperty, type Progress } from './run';
export { JobSlots, QUEUED } from './slots';
export type { Job } from './store';
