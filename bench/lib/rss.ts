// Peak RSS while a call runs, sampled every 20 ms from a worker thread: RSS is the whole process's and its child
// processes' (a BIM parse runs in one: /proc/<pid>/task/<pid>/children, each child's VmRSS), and a worker's timer
// keeps firing while the main thread is busy parsing (a setInterval on the main thread would not).
import { Worker } from 'node:worker_threads';
import { gc } from './stats';

const CODE = `
const { parentPort } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const read = (p) => { try { return readFileSync(p, 'utf8'); } catch { return ''; } };
const childRss = () => read('/proc/' + process.pid + '/task/' + process.pid + '/children').split(/\\s+/).filter(Boolean)
  .reduce((a, pid) => a + Number(/VmRSS:\\s+(\\d+) kB/.exec(read('/proc/' + pid + '/status'))?.[1] ?? 0) * 1024, 0);
const total = () => process.memoryUsage.rss() + childRss();
let timer = null, max = 0, n = 0;
parentPort.on('message', (m) => {
  if (m === 'start') {
    max = total(); n = 1;
    timer = setInterval(() => { const r = total(); if (r > max) max = r; n++; }, 20);
    parentPort.postMessage({ started: true });
  } else if (m === 'stop') {
    clearInterval(timer);
    const r = total(); if (r > max) max = r;
    parentPort.postMessage({ max, samples: n + 1 });
  } else if (m === 'exit') process.exit(0);
});
`;

export class RssSampler {
  private worker = new Worker(CODE, { eval: true });

  private next<T>(): Promise<T> {
    return new Promise((resolve) => this.worker.once('message', resolve));
  }

  /** The call's result, its time and how far RSS rose above what it was just before (bytes). */
  async measure<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number; growth: number; samples: number }> {
    gc();
    const before = process.memoryUsage.rss();
    const started = this.next();
    this.worker.postMessage('start');
    await started;
    const t0 = performance.now();
    let value: T;
    let ms: number;
    let peak: { max: number; samples: number };
    try {
      value = await fn();
    } finally {
      ms = performance.now() - t0;
      const stopped = this.next<{ max: number; samples: number }>();
      this.worker.postMessage('stop');
      peak = await stopped;
    }
    return { value, ms, growth: Math.max(0, peak.max - before), samples: peak.samples };
  }

  async close(): Promise<void> {
    this.worker.postMessage('exit');
    await new Promise((r) => this.worker.once('exit', r));
  }
}
