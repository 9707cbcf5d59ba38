// The thread pool (src/server/jobs/threadPool.ts): a task runs in a thread and answers its bytes as a
// Buffer; threads are reused, at most `size` run at once and the rest wait; an error or a crash in a thread
// rejects only that task and the next task gets a fresh thread; close() ends every thread.
import { threadId } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { poolSize, TaskTimedOut, ThreadPool } from '../../src/server/jobs/threadPool';

const ECHO = new URL('./threadTasks/echo.ts', import.meta.url);
const FAILS = new URL('./threadTasks/fails.ts', import.meta.url);
type Echo = { value: unknown; threadId: number };

let pool: ThreadPool;
afterEach(() => pool?.close());

describe('ThreadPool', () => {
  it('sizes itself from the cores: one less than there are, at least 1, at most 2', () => {
    expect(poolSize()).toBeGreaterThanOrEqual(1);
    expect(poolSize()).toBeLessThanOrEqual(2);
  });

  it('runs a task in another thread and answers bytes as a Buffer', async () => {
    pool = new ThreadPool(1);
    const bytes = await pool.run<Buffer>(ECHO, { text: '碳排放报告' });
    expect(Buffer.isBuffer(bytes)).toBe(true);
    expect(bytes.toString()).toBe('碳排放报告');
    const answer = await pool.run<Echo>(ECHO, { value: { rows: [1, 2] } });
    expect(answer.value).toEqual({ rows: [1, 2] });
    expect(answer.threadId).not.toBe(threadId);
  });

  it('reuses its threads and runs at most `size` tasks at once, the rest in turn', async () => {
    pool = new ThreadPool(2);
    const answers = await Promise.all([1, 2, 3, 4].map((i) => pool.run<Echo>(ECHO, { value: i, waitMs: 50 })));
    expect(answers.map((a) => a.value)).toEqual([1, 2, 3, 4]);
    expect(new Set(answers.map((a) => a.threadId)).size).toBe(2);
    expect(pool.running).toBe(2);
  });

  it('an error in a task rejects that task only, with its message; the thread goes on', async () => {
    pool = new ThreadPool(1);
    const first = await pool.run<Echo>(ECHO, { value: 1 });
    await expect(pool.run(FAILS, { message: 'pdf writer broke' })).rejects.toThrow('pdf writer broke');
    const next = await pool.run<Echo>(ECHO, { value: 2 });
    expect(next).toEqual({ value: 2, threadId: first.threadId });
  });

  it('a crashed thread rejects its task; queued tasks run in a new thread', async () => {
    pool = new ThreadPool(1);
    const first = await pool.run<Echo>(ECHO, { value: 1 });
    const crash = pool.run(FAILS, { crash: true });
    const queued = pool.run<Echo>(ECHO, { value: 2 });
    await expect(crash).rejects.toThrow('thread exited (code 3)');
    const after = await queued;
    expect(after.value).toBe(2);
    expect(after.threadId).not.toBe(first.threadId);
  });

  it('a task past its time limit is rejected and its thread ended; the next task gets a new thread', async () => {
    pool = new ThreadPool(1);
    const first = await pool.run<Echo>(ECHO, { value: 1 });
    const slow = pool.run(ECHO, { value: 2, waitMs: 10_000 }, { timeoutMs: 50 });
    await expect(slow).rejects.toBeInstanceOf(TaskTimedOut);
    // within its limit a task answers as any other, on a thread that is not the ended one
    const next = await pool.run<Echo>(ECHO, { value: 3, waitMs: 10 }, { timeoutMs: 5_000 });
    expect(next.value).toBe(3);
    expect(next.threadId).not.toBe(first.threadId);
  });

  it('close() rejects what runs and ends every thread; the pool can be used again', async () => {
    pool = new ThreadPool(1);
    const running = pool.run(ECHO, { value: 1, waitMs: 10_000 });
    const queued = pool.run(ECHO, { value: 2 });
    const settled = Promise.allSettled([running, queued]);
    await pool.close();
    expect((await settled).map((s) => s.status === 'rejected' && (s.reason as Error).message)).toEqual([
      'thread pool closed',
      'thread pool closed',
    ]);
    expect(pool.running).toBe(0);
    expect((await pool.run<Echo>(ECHO, { value: 3 })).value).toBe(3);
  });

  it('ends a thread left idle', async () => {
    pool = new ThreadPool(1, 20);
    await pool.run(ECHO, { value: 1 });
    expect(pool.running).toBe(1);
    await expect.poll(() => pool.running, { timeout: 5000 }).toBe(0);
  });
});
