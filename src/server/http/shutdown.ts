// Stopping the server. On SIGTERM, SIGINT or SIGHUP — `npm start` forwards them (scripts/start.mjs):
//   1. the HTTP server takes no new connections; requests in flight finish (new ones on open connections get 503);
//   2. the work other modules registered with onShutdown runs (e.g. wait for or abort background jobs), in the
//      order registered, while the database is still open;
//   3. the database closes, and with it the data dir's lock file goes;
//   4. the process exits 0 (1 if a step failed or took longer than the time limit).
// A second signal while closing exits at once (code 1). Signals that arrive together with the first count once:
// a terminal's Ctrl-C reaches both `npm start` and the server, and `npm start` forwards it too.
import type { FastifyBaseLogger } from 'fastify';

export type ShutdownWork = () => unknown;

const work: ShutdownWork[] = [];

/** Runs `fn` when the server stops, after the requests in flight and before the database closes. Returns an undo. */
export function onShutdown(fn: ShutdownWork): () => void {
  work.push(fn);
  return () => {
    const i = work.indexOf(fn);
    if (i >= 0) work.splice(i, 1);
  };
}

export interface ShutdownTarget {
  app: { close(): Promise<unknown>; log: FastifyBaseLogger };
  database: { close(): Promise<void> };
  /** process.exit unless a test gives its own. */
  exit?: (code: number) => void;
  /** Beyond this the process exits 1 with whatever is still open; default 30 s. */
  timeoutMs?: number;
}

export const SHUTDOWN_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;
const SHUTDOWN_TIMEOUT_MS = 30_000;
/** A signal within this time of the first is the same request (see above), not an impatient second one. */
const SAME_SIGNAL_MS = 1000;

/** The one shutdown of the process: call it with the reason (a signal name); later calls see above. */
export function createShutdown(target: ShutdownTarget): (reason: string) => Promise<void> {
  const exit = target.exit ?? ((code: number) => process.exit(code));
  const log = target.app.log;
  let firstAt = 0;
  let closing: Promise<void> | undefined;

  return (reason) => {
    if (closing) {
      if (Date.now() - firstAt < SAME_SIGNAL_MS) return closing;
      log.warn({ signal: reason }, 'second stop signal: exiting now');
      exit(1);
      return closing;
    }
    firstAt = Date.now();
    closing = (async () => {
      log.info({ signal: reason }, 'shutting down: finishing requests in flight');
      const timer = setTimeout(() => {
        log.error({ timeoutMs: target.timeoutMs ?? SHUTDOWN_TIMEOUT_MS }, 'shutdown took too long: exiting now');
        exit(1);
      }, target.timeoutMs ?? SHUTDOWN_TIMEOUT_MS);
      timer.unref();
      let code = 0;
      const step = async (name: string, fn: () => unknown) => {
        try {
          await fn();
        } catch (err) {
          code = 1;
          log.error({ err }, `shutdown: ${name} failed`);
        }
      };
      await step('closing the HTTP server', () => target.app.close());
      for (const fn of [...work]) await step('shutdown work', fn);
      await step('closing the database', () => target.database.close());
      clearTimeout(timer);
      log.info({ code }, 'stopped');
      exit(code);
    })();
    return closing;
  };
}

/** Calls `shutdown` on SIGTERM, SIGINT and SIGHUP (which then no longer end the process by themselves). */
export function shutdownOnSignals(shutdown: (reason: string) => Promise<void>): void {
  for (const signal of SHUTDOWN_SIGNALS) process.on(signal, () => void shutdown(signal));
}
