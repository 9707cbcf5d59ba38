// Requests the bench sends: a multipart upload built by hand (projectId + file, as the import dialog sends them:
// the file name in UTF-8 with " CR LF escaped, as browsers send it), and long calls that may answer with a
// background job (`data.job`, polled until it ends).
import type { Answer, Target } from './target';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function multipart(
  fields: Record<string, string>,
  file: { name: string; content: Buffer; mime?: string },
): { body: Buffer; contentType: string } {
  const boundary = `----tansuanBench${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A')}"\r\nContent-Type: ${file.mime ?? XLSX_MIME}\r\n\r\n`,
    ),
    file.content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** What a long call came to: success, or the refusal's status and message. */
export interface Outcome {
  ok: boolean;
  status: number;
  message: string;
  data: unknown;
  /** answered through a background job (polled) */
  job: boolean;
}

const POLL_MS = 10;

/**
 * A call to a long route. If the answer carries a job (`data.job.id`), the job is polled every 10 ms until it has
 * ended, and the outcome is the job's. The time of the whole is what the caller measures.
 */
export async function longCall(
  t: Target,
  method: 'GET' | 'POST',
  url: string,
  opts: { payload?: Buffer | string | object; headers?: Record<string, string> } = {},
): Promise<Outcome> {
  const a: Answer = await t.call(method, url, { payload: opts.payload as never, headers: opts.headers });
  const job = a.body?.data?.job;
  if (a.status === 200 && job && typeof job.id === 'number') {
    for (;;) {
      await new Promise((r) => setTimeout(r, POLL_MS));
      const j = await t.call('GET', `/api/sys/v1/job/${job.id}`);
      const state = j.body?.data?.state;
      if (j.status !== 200)
        return {
          ok: false,
          status: j.status,
          message: `job ${job.id}: ${j.body?.message ?? j.status}`,
          data: j.body?.data,
          job: true,
        };
      if (state === 'running') continue;
      return state === 'done'
        ? { ok: true, status: 200, message: 'done', data: j.body.data.result, job: true }
        : {
            ok: false,
            status: 200,
            message: String(j.body.data.message ?? 'failed'),
            data: j.body.data.errors,
            job: true,
          };
    }
  }
  const ok = a.status === 200 && a.body?.code === 1;
  return { ok, status: a.status, message: String(a.body?.message ?? ''), data: a.body?.data, job: false };
}

/** An upload to POST <path>/fileUpload. */
export function upload(
  t: Target,
  path: string,
  projectId: number,
  file: { name: string; content: Buffer },
  query = '',
): Promise<Outcome> {
  const m = multipart({ projectId: String(projectId) }, file);
  return longCall(t, 'POST', `${path}/fileUpload${query}`, {
    payload: m.body,
    headers: { 'content-type': m.contentType },
  });
}
