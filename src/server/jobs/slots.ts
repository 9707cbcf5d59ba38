// At most `size` jobs of one kind at once (IFC parses, each a worker thread with web-ifc's memory);
// the others wait in order of arrival. runJob (run.ts) takes the slots: a waiting job's row says 排队中 with its
// place — its state stays running, as clients poll until a job is no longer running — and is touched while it
// waits, so it is not taken for the job of a process that died (store.ts STALE_MS).
export const QUEUED = (place: number) => `排队中（第 ${place} 位），前面的任务完成后自动开始`;

interface Waiter {
  start(): void;
  moved(place: number): void;
}

export class JobSlots {
  private busy = 0;
  private readonly waiting: Waiter[] = [];

  constructor(readonly size: number) {}

  /** Jobs holding a slot now. */
  get active(): number {
    return this.busy;
  }

  /**
   * Resolves with the slot's release once one is free; while waiting, `moved(place)` hears the place in the line
   * (1 = next). An abort while waiting leaves the line and rejects with the signal's reason.
   */
  acquire(moved: (place: number) => void, signal?: AbortSignal): Promise<() => void> {
    return new Promise((resolve, reject) => {
      const release = () => {
        let done = false;
        return () => {
          if (done) return;
          done = true;
          this.busy--;
          this.next();
        };
      };
      if (this.busy < this.size && !this.waiting.length) {
        this.busy++;
        return resolve(release());
      }
      if (signal?.aborted) return reject(signal.reason);
      const onAbort = () => {
        this.waiting.splice(this.waiting.indexOf(waiter), 1);
        this.renumber();
        reject(signal!.reason);
      };
      const waiter: Waiter = {
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          this.busy++;
          resolve(release());
        },
        moved,
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(waiter);
      moved(this.waiting.length);
    });
  }

  private next(): void {
    let started = false;
    while (this.busy < this.size && this.waiting.length) {
      this.waiting.shift()!.start();
      started = true;
    }
    if (started) this.renumber();
  }

  private renumber(): void {
    this.waiting.forEach((w, i) => w.moved(i + 1));
  }
}
