// The measuring parent's HTTP calls to the server child: a JSON call, and the BIM upload streamed from disk (a
// 150 MB model is never held in the parent's memory). Apart from bench/uploadMemory.ts, whose concern is the memory.
import { createReadStream, statSync } from 'node:fs';
import { request } from 'node:http';

export type Answer = { status: number; body: any };

export async function call(
  port: number,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<Answer> {
  return new Promise((res, rej) => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const r = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: {
          ...(token ? { 'access-token': token } : {}),
          ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
        },
      },
      (resp) => {
        let text = '';
        resp.on('data', (c) => (text += c)).on('end', () => res({ status: resp.statusCode!, body: JSON.parse(text) }));
      },
    );
    r.once('error', rej).end(payload);
  });
}

/** POST fileUpload?wait=0 with the file streamed from disk. */
export function uploadFile(port: number, token: string, projectId: number, file: string): Promise<Answer> {
  const boundary = `tansuan${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="projectId"\r\n\r\n${projectId}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="model.ifc"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((res, rej) => {
    const r = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/tpf/v1/tpf/bim/fileUpload?wait=0',
        headers: {
          'access-token': token,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + statSync(file).size + tail.length,
        },
      },
      (resp) => {
        let text = '';
        resp.on('data', (c) => (text += c)).on('end', () => res({ status: resp.statusCode!, body: JSON.parse(text) }));
      },
    );
    r.once('error', rej);
    r.write(head);
    createReadStream(file)
      .once('end', () => r.end(tail))
      .pipe(r, { end: false });
  });
}
