// A pool task for tests/server/threadPool.test.ts: answers `text` as bytes (transferred), or `value` as it came.
import { threadId } from 'node:worker_threads';

export default async (data: { text?: string; value?: unknown; waitMs?: number }) => {
  if (data.waitMs) await new Promise((r) => setTimeout(r, data.waitMs));
  return data.text !== undefined ? Buffer.from(data.text) : { value: data.value, threadId };
};
