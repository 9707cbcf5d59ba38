// An IFC upload through the API streams to a spool on disk, its first bytes decide at once (a wrong file is
// answered 400 while the rest is still being sent; the rest is dropped as it streams, never held, and a client still
// sending LINGER_MS later is cut off), the tail is checked on disk,
// an .ifczip is unzipped from disk within the bomb limits, at most two parses run at once (the others queue as
// jobs that say so), and nothing is left on disk after a parse or a refusal. IFC4X3_ADD2 (ISO 16739-1:2024) is
// accepted, the 4.3 drafts are refused.
import { existsSync, readdirSync } from 'node:fs';
import { Agent, request, type IncomingMessage } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARSES } from '../../src/server/bim/parse/run';
import { BIM_MESSAGES, LINGER_MS, unknownSchema } from '../../src/server/bim/upload';
import { spoolRoot } from '../../src/server/files/spool';
import { STOPPING, stopJobs } from '../../src/server/jobs/run';
import { QUEUED } from '../../src/server/jobs/slots';
import { writeIfc } from '../fixtures/bim/ifcWriter';
import { brokenModel, ifcZip, layeredModel, unknownSchemaModel } from '../fixtures/bim/models';
import { buildingBody, ENG, engineeringBody, PROJECT } from './builders';
import { multipart } from './files';
import { testApp, type TestApp } from './helpers';

let t: TestApp;
let user: string;
let b: { id: number };
const BIM = '/api/tpf/v1/tpf/bim';
const enc = (s: string) => new TextEncoder().encode(s);
const spooled = () => (existsSync(spoolRoot()) ? readdirSync(spoolRoot()) : []);

/** Reads until `ok(value)`; each read after the previous answered (states, not moments). */
async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    await new Promise((r) => setTimeout(r, 20));
  }
}

const job = async (id: number) => (await t.call('GET', `/api/sys/v1/job/${id}`, user)).body.data;
const ended = (id: number) =>
  until(
    () => job(id),
    (j) => j.state !== 'running',
  );

/** Uploads with ?wait=0: answers with the job at once. */
async function uploadNow(name: string, content: Uint8Array) {
  const { payload, contentType } = multipart({ projectId: b.id }, { name, content });
  const res = await t.app.inject({
    method: 'POST',
    url: `${BIM}/fileUpload?wait=0`,
    headers: { 'access-token': user, 'content-type': contentType },
    payload,
  });
  return { status: res.statusCode, body: res.json() };
}

/**
 * A client that sends `mb` MB that are not IFC through a plain socket (the projectId field, then the file) and goes
 * on sending after the answer, as a browser may; `stopAfterMb` stops it there without closing. Answers the status
 * line, the bytes the server took and how the connection ended.
 */
function rawUpload(port: number, mb: number, stopAfterMb = Infinity) {
  const boundary = 'tansuanRawUpload';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="projectId"\r\n\r\n${b.id}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="清单.ifc"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(1024 * 1024, '材料名称,数量,单位\n'); // (one buffer sent again and again: the client holds no body)
  const socket = connect(port, '127.0.0.1');
  socket.write(
    `POST ${BIM}/fileUpload HTTP/1.1\r\nhost: x\r\naccess-token: ${user}\r\ncontent-type: multipart/form-data; boundary=${boundary}\r\ncontent-length: ${head.length + mb * chunk.length + tail.length}\r\n\r\n`,
  );
  socket.write(head);
  let answer = '';
  socket.on('data', (d) => (answer += d));
  let sent = 0;
  const send = () => {
    while (sent < Math.min(mb, stopAfterMb)) {
      sent++;
      if (!socket.write(chunk)) return void socket.once('drain', send);
    }
    if (sent === mb) socket.write(tail, () => socket.end());
  };
  send();
  return new Promise<{ status: string; sentMb: number; ended: string }>((resolve) => {
    const done = (ended: string) => resolve({ status: answer.split('\r\n')[0], sentMb: sent, ended });
    socket.once('error', (e: NodeJS.ErrnoException) => done(e.code ?? 'error')).once('close', () => done('closed'));
  });
}

/** The test app's port, listening from the first call. */
async function port(): Promise<number> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  return (t.app.server.address() as AddressInfo).port;
}

beforeAll(async () => {
  t = await testApp();
  user = await t.login('demo_user');
  const eng = (await t.call('POST', `${ENG}/`, user, engineeringBody())).body.data;
  b = (
    await t.call(
      'POST',
      `${PROJECT}/`,
      user,
      buildingBody(eng.id, { useDateLimit: 50, buildArea: 1000, standard: 'GB', menus: 'produce,trans,build,runtime' }),
    )
  ).body.data;
});
afterAll(() => t.close());

describe('the first bytes decide', () => {
  it('a 10 MB file that is not IFC is answered 400 after its first 64 KB; the rest is drained and the connection stays usable', async () => {
    const at = await port();
    const boundary = 'tansuanStreamTest';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="projectId"\r\n\r\n${b.id}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="材料清单.ifc"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    );
    const csv = Buffer.from('材料名称,数量,单位\n混凝土 C30,12.5,m3\n'.repeat(400_000)).subarray(0, 10 * 1024 * 1024);
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const req = request({
      host: '127.0.0.1',
      port: at,
      method: 'POST',
      path: `${BIM}/fileUpload`,
      agent,
      headers: {
        'access-token': user,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': head.length + csv.length + tail.length,
      },
    });
    const answered = new Promise<IncomingMessage>((resolve, reject) =>
      req.once('response', resolve).once('error', reject),
    );
    req.write(Buffer.concat([head, csv.subarray(0, 64 * 1024)]));
    // the answer comes while 10 MB − 64 KB are still unsent
    const res = await answered;
    expect(res.statusCode).toBe(400);
    const sent = new Promise((resolve, reject) => req.once('finish', resolve).once('error', reject));
    req.end(Buffer.concat([csv.subarray(64 * 1024), tail]));
    await sent;
    let text = '';
    for await (const chunk of res) text += chunk;
    expect(JSON.parse(text).message).toBe(BIM_MESSAGES.notIfc);

    // the server read the rest: the next request on the same connection is answered
    const again = await new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
      const r = request(
        { host: '127.0.0.1', port: at, path: '/api/sys/v1/job/1', agent, headers: { 'access-token': user } },
        (res2) => {
          res2.resume();
          res2.on('end', () => resolve({ status: res2.statusCode!, reused: r.reusedSocket }));
        },
      );
      r.once('error', reject).end();
    });
    expect(again).toEqual({ status: 404, reused: true });
    agent.destroy();
    expect(spooled()).toEqual([]);
  });

  it(
    'three refused 32 MB uploads at once: each answered 400, the rest dropped as it streams — the server holds none of it',
    { timeout: LINGER_MS + 60_000 },
    async () => {
      const at = await port();
      setFlagsFromString('--expose-gc');
      const gc = runInNewContext('gc') as () => void;
      // buffers that stay after a full GC: what the server keeps. A body held whole would be +32 MB each, 96 MB for
      // the three; the worker process is shared with other test files, whose leftovers add a few MB (17 MB seen once)
      const held = () => (gc(), process.memoryUsage().arrayBuffers);
      const before = held();
      let most = 0;
      const sampler = setInterval(() => (most = Math.max(most, held() - before)), 50);
      const ends = await Promise.all([1, 2, 3].map(() => rawUpload(at, 32)));
      clearInterval(sampler);
      // (each read to its end, or cut off LINGER_MS after its answer: node's HTTP server at times stops reading a
      // request whose answer has gone — its socket's receive queue full while the request waits for data)
      expect(ends.map((e) => e.status)).toEqual([1, 2, 3].map(() => 'HTTP/1.1 400 Bad Request'));
      for (const end of ends) expect(['closed', 'ECONNRESET'], JSON.stringify(ends)).toContain(end.ended);
      expect(most).toBeLessThan(24 * 1024 * 1024);
      expect(spooled()).toEqual([]);
    },
  );

  it(
    `a refused upload's client that goes silent without closing is cut off ${LINGER_MS / 1000} s later`,
    { timeout: LINGER_MS + 30_000 },
    async () => {
      const at = await port();
      const started = Date.now();
      const end = await rawUpload(at, 16, 2);
      expect([end.status, end.sentMb]).toEqual(['HTTP/1.1 400 Bad Request', 2]);
      expect(Date.now() - started).toBeGreaterThanOrEqual(LINGER_MS - 100);
    },
  );

  it('a truncated file or a 4.3 draft is refused, and nothing stays on disk', async () => {
    const broken = brokenModel();
    const r = await uploadNow(broken.fileName, enc(broken.text));
    expect([r.status, r.body.message]).toEqual([400, BIM_MESSAGES.truncated]);
    const draft = unknownSchemaModel();
    const rc4 = draft.text.replace("FILE_SCHEMA(('IFC4X3_RC2'))", "FILE_SCHEMA(('IFC4X3_RC4'))");
    const tc1 = draft.text.replace("FILE_SCHEMA(('IFC4X3_RC2'))", "FILE_SCHEMA(('IFC4X3_TC1'))");
    for (const [text, schema] of [
      [draft.text, 'IFC4X3_RC2'],
      [rc4, 'IFC4X3_RC4'],
      [tc1, 'IFC4X3_TC1'],
    ]) {
      const u = await uploadNow(draft.fileName, enc(text));
      expect([u.status, u.body.message]).toEqual([400, unknownSchema(schema)]);
    }
    expect(spooled()).toEqual([]);
  });
});

describe('.ifczip', () => {
  it('is unzipped from disk and parsed; the spool is gone after the parse', async () => {
    const r = await uploadNow('model.ifczip', ifcZip(layeredModel().text));
    expect(r.status).toBe(200);
    const j = await ended(r.body.data.job.id);
    expect(j.state).toBe('done');
    const p = await t.call('GET', `${BIM}/${j.id}`, user);
    expect(p.body.data.model.counts.elements).toBe(14);
    expect(spooled()).toEqual([]);
  });

  it('bombs, liars, no IFC inside or two .ifc files are refused', async () => {
    const bomb = zipSync({ 'model.ifc': new Uint8Array(5 * 1024 * 1024).fill(32) }, { level: 9 });
    // a central directory that declares 100 bytes for an entry that inflates to the whole model
    const liar = ifcZip(layeredModel().text);
    const cd = Buffer.from(liar.buffer).indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    new DataView(liar.buffer).setUint32(cd + 24, 100, true);
    const cases: [Uint8Array, string][] = [
      [bomb, BIM_MESSAGES.unzipTooLarge],
      [liar, BIM_MESSAGES.unzipTooLarge],
      [zipSync({ 'model.ifc': strToU8('材料名称,数量\n') }), BIM_MESSAGES.notIfc],
      [zipSync({ 'a.ifc': strToU8(layeredModel().text), 'b.ifc': strToU8(layeredModel().text) }), BIM_MESSAGES.badZip],
      [enc('PK\x03\x04 not really a zip'), BIM_MESSAGES.badZip],
    ];
    for (const [content, message] of cases) {
      const r = await uploadNow('model.ifczip', content);
      expect([r.status, r.body.message], message).toEqual([400, message]);
    }
    expect(spooled()).toEqual([]);
  });
});

describe('at most two parses at once', () => {
  it('a third parse waits as a job that says 排队中 with its place, then runs; its file stays on disk until it ends', async () => {
    // (the test holds both slots: the uploads' parses are the third and fourth)
    const held = [await PARSES.acquire(() => undefined), await PARSES.acquire(() => undefined)];
    const f = layeredModel();
    const first = await uploadNow('a.ifc', enc(f.text));
    const second = await uploadNow('b.ifc', enc(f.text));
    expect(first.body.data.job).toMatchObject({ state: 'running', message: QUEUED(1) });
    expect(second.body.data.job).toMatchObject({ state: 'running', message: QUEUED(2) });
    const a = first.body.data.job.id;
    const c = second.body.data.job.id;
    await until(
      () => job(c),
      (j) => j.message === QUEUED(2),
    );
    expect(spooled()).toHaveLength(2);
    expect(PARSES.active).toBe(2);

    held[0]();
    // the first takes the freed slot, the second moves up
    await until(
      () => job(c),
      (j) => j.message === QUEUED(1),
    );
    expect((await ended(a)).state).toBe('done');
    expect((await job(a)).message).toBeNull();
    expect((await ended(c)).state).toBe('done');
    held[1]();
    expect(PARSES.active).toBe(0);
    expect(spooled()).toEqual([]);
  });

  it('a server stopping cancels a queued parse: its job fails with the reason, its file is removed', async () => {
    const held = [await PARSES.acquire(() => undefined), await PARSES.acquire(() => undefined)];
    const r = await uploadNow('a.ifc', enc(layeredModel().text));
    expect(r.body.data.job.message).toBe(QUEUED(1));
    expect(spooled()).toHaveLength(1);
    await stopJobs();
    expect(await ended(r.body.data.job.id)).toMatchObject({ state: 'failed', message: STOPPING });
    expect(spooled()).toEqual([]);
    held.forEach((release) => release());
  });
});

describe('IFC4X3_ADD2 (ISO 16739-1:2024)', () => {
  const ifc4x3 = () => writeIfc({ ...layeredModel().spec!, fileName: 'IFC4X3模型.ifc', schema: 'IFC4X3_ADD2' });

  it('is accepted at the upload', async () => {
    const r = await uploadNow('IFC4X3模型.ifc', enc(ifc4x3()));
    expect(r.status).toBe(200);
    expect(r.body.data.job.state).toBe('running');
    await ended(r.body.data.job.id);
  });

  it('is parsed as the same model written as IFC4 (web-ifc reads it; its elements are IfcBuiltElement)', async () => {
    const parse = async (name: string, text: string) => {
      const j = await ended((await uploadNow(name, enc(text))).body.data.job.id);
      expect(j.message, name).toBeNull();
      return (await t.call('GET', `${BIM}/${j.id}?pageSize=500`, user)).body.data.model;
    };
    const ifc4 = await parse('IFC4模型.ifc', layeredModel().text);
    const m = await parse('IFC4X3模型.ifc', ifc4x3());
    expect(m.schema).toBe('IFC4X3_ADD2');
    const same = (x: typeof m) => ({
      counts: x.counts,
      groups: x.groups,
      problems: x.problems.list.map((p: { name: string; kind: string }) => `${p.name}:${p.kind}`).sort(),
      materials: x.materials.map(({ suggestions, ...rest }: { suggestions: unknown }) => (void suggestions, rest)),
    });
    expect(same(m)).toEqual(same(ifc4));
    expect(m.counts.elements).toBe(14);
  });
});
