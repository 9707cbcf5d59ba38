// A long loop of synchronous work (checking 40 000 imported rows) runs on the one thread that also answers every
// other request and fires the job's wait timer (src/server/jobs/run.ts): it lets them run every so many items, so
// a long import still answers 正在后台处理 after its wait and other users are not held up.
const EVERY = 500;

/** Await it inside a loop with the item's index: every EVERY items it yields to the event loop once. */
export function breathe(index: number): Promise<void> | undefined {
  return index % EVERY === EVERY - 1 ? new Promise((resolve) => setImmediate(resolve)) : undefined;
}
