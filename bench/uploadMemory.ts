// The BIM upload's memory figure: the server's RSS while N clients upload a generated ~150 MB IFC model at once and
// the parses run. The server is a child process — the real app on PGlite in a temp dir, listening on a port — so
// its RSS is its own: /proc/<pid>/status VmRSS sampled every 50 ms, and VmHWM (the kernel's peak, reset by
// clear_refs just before the uploads) as a check. The uploads stream from disk (?wait=0); the jobs are followed to
// their end. Reported: RSS before; peak while the uploads are received (until the N answers); peak overall; after
// (once RSS has stopped falling after a full GC), with what the server's V8 heap and PGlite's WASM memory (which
// never shrinks) hold more than before. --rounds repeats the uploads (does `after` keep growing?). --root measures
// another checkout the same way (e.g. the previous commit: `git archive HEAD | tar -x -C DIR`, node_modules
// linked). --floor adds, each in a fresh process, one parse alone (parseIfc) and web-ifc alone on the same model
// (bench/lib/ifcFloorWorker.ts): what one parse takes. --refused uploads a file that is not IFC instead: each is
// refused with 400 on its first bytes, and RSS 30 s after the answers (no GC asked for) must be within 50 MB of
// before — the refused bodies are dropped as they stream. Not part of `npm run bench` (minutes, 3 × 150 MB).
//   node --import tsx bench/uploadMemory.ts [--mb 150] [--uploads 3] [--rounds 1] [--root DIR] [--floor] [--refused]
// [--keep]
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildingBody, ENG, engineeringBody, PROJECT } from '../tests/server/builders';
import { writeBimModel } from './data/bimModel';
import { child, floorAlone, parseAlone, PASSWORDS, serve, type Mem } from './lib/uploadChildren';
import { call, uploadFile } from './lib/uploadClient';

const MiB = 2 ** 20;
/** elements per MB of the generated model (50 000 elements ≈ 36.5 MB) */
const ELEMENTS_PER_MB = 50_000 / 36.5;
const here = resolve(import.meta.dirname, '..');
// (as lib/target.ts, not imported from there: the server child would load this checkout's app beside --root's)
const BENCH_DIR = join(here, '.tmp/bench');
const mib = (bytes: number) => Math.round(bytes / MiB);

const status = (pid: number) => readFileSync(`/proc/${pid}/status`, 'utf8');
const kb = (text: string, key: string) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(text)![1]) * 1024;

const REFUSED_AFTER_MS = 30_000;
const REFUSED_MAX_GROWTH_MB = 50;

/** `mb` MB of text that is not IFC (refused on its first bytes). */
function writeNotIfc(file: string, mb: number): void {
  const chunk = Buffer.from('这不是 IFC 模型，而是一份普通的文本文件。\n'.repeat(Math.ceil(MiB / 64))).subarray(0, MiB);
  writeFileSync(file, Buffer.alloc(0));
  for (let i = 0; i < mb; i++) appendFileSync(file, chunk);
}

async function measureServer(
  root: string,
  file: string,
  uploads: number,
  rounds: number,
  log: (s: string) => void,
  refused = false,
) {
  const dir = join(BENCH_DIR, `upload-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const server = child<{ port: number }>(['--serve', root, dir]);
  try {
    const { port } = await server.first;
    const login = await call(port, 'POST', '/api/sys/v1/sso/login', undefined, {
      userName: 'demo_user',
      password: Buffer.from(PASSWORDS.demo_user).toString('base64'),
    });
    const token = login.body.data.token as string;
    const eng = (await call(port, 'POST', `${ENG}/`, token, engineeringBody())).body.data;
    const b = (
      await call(
        port,
        'POST',
        `${PROJECT}/`,
        token,
        buildingBody(eng.id, {
          useDateLimit: 50,
          buildArea: 1000,
          standard: 'GB',
          menus: 'produce,trans,build,runtime',
        }),
      )
    ).body.data;

    const rssNow = () => kb(status(server.pid), 'VmRSS');
    // (the parses run in child processes of the server: their memory is the machine's, not the server's)
    const kids = () => {
      try {
        return readFileSync(`/proc/${server.pid}/task/${server.pid}/children`, 'utf8')
          .split(/\s+/)
          .filter(Boolean)
          .map(Number);
      } catch {
        return [];
      }
    };
    const treeNow = () =>
      rssNow() +
      kids().reduce((a, pid) => {
        try {
          return a + kb(status(pid), 'VmRSS');
        } catch {
          return a;
        }
      }, 0);
    const settle = async () => {
      // (after a full GC: what stays is held, not garbage not yet collected) until RSS has not fallen by 1 MiB
      // for 2 s, at most 30 s
      server.send('gc');
      let low = Infinity;
      let since = performance.now();
      for (const t0 = performance.now(); performance.now() - t0 < 30_000;) {
        const r = rssNow();
        if (r < low - MiB) [low, since] = [r, performance.now()];
        else if (performance.now() - since > 2000) break;
        await new Promise((res) => setTimeout(res, 100));
      }
      return { rss: rssNow(), mem: await server.ask<Mem>('mem') };
    };
    const { rss: before, mem: memBefore } = await settle();
    const out = [];
    for (let round = 0; round < rounds; round++) {
      try {
        writeFileSync(`/proc/${server.pid}/clear_refs`, '5'); // (VmHWM from here)
      } catch {
        /* not allowed: VmHWM then counts from the start */
      }
      let max = rssNow();
      let treeMax = max;
      const timer = setInterval(() => ((max = Math.max(max, rssNow())), (treeMax = Math.max(treeMax, treeNow()))), 50);
      const t0 = performance.now();
      const answers = await Promise.all(Array.from({ length: uploads }, () => uploadFile(port, token, b.id, file)));
      const uploaded = performance.now();
      const uploadPeak = max;
      log(
        `  ${uploads} uploads answered in ${((uploaded - t0) / 1000).toFixed(1)} s: ${answers.map((a) => `${a.status} ${a.body.data?.job?.message ?? a.body.message ?? ''}`.trim()).join(' | ')}`,
      );
      if (refused) {
        // (what stays of the refused bodies, as a server left alone holds it: no GC asked for)
        await new Promise((res) => setTimeout(res, REFUSED_AFTER_MS));
        clearInterval(timer);
        const later = rssNow();
        const { rss: after } = await settle();
        const r = {
          before: mib(before),
          uploadPeak: mib(uploadPeak),
          peak: mib(max),
          after30s: mib(later),
          afterGc: mib(after),
          statuses: answers.map((a) => a.status),
          within: later - before <= REFUSED_MAX_GROWTH_MB * MiB && answers.every((a) => a.status === 400),
        };
        log(
          `  RSS MiB: before ${r.before}, peak while uploading ${r.uploadPeak} (+${r.uploadPeak - r.before}), ${REFUSED_AFTER_MS / 1000} s after ${r.after30s} (+${r.after30s - r.before}; goal ≤ +${REFUSED_MAX_GROWTH_MB} MB: ${r.within ? 'within' : 'NOT within'}), after a GC ${r.afterGc} (+${r.afterGc - r.before})`,
        );
        out.push(r);
        continue;
      }
      const jobs = answers.map((a) => a.body.data?.job?.id ?? a.body.data?.jobId).filter(Boolean) as number[];
      const states = new Map<number, string>();
      for (;;) {
        const now = await Promise.all(jobs.map((id) => call(port, 'GET', `/api/sys/v1/job/${id}`, token)));
        for (const [i, j] of now.entries())
          states.set(jobs[i], `${j.body.data.state}${j.body.data.message ? ` (${j.body.data.message})` : ''}`);
        if (now.every((j) => j.body.data.state !== 'running')) break;
        await new Promise((res) => setTimeout(res, 500));
      }
      const parsed = performance.now();
      clearInterval(timer);
      const hwm = kb(status(server.pid), 'VmHWM');
      const { rss: after, mem } = await settle();
      const held = Object.fromEntries(
        (['heapTotal', 'external', 'arrayBuffers', 'pglite'] as const).map((k) => [k, mib(mem[k] - memBefore[k])]),
      );
      log(`  jobs: ${[...states.values()].join(' | ')}; parsed in ${((parsed - uploaded) / 1000).toFixed(1)} s`);
      const r = {
        before: mib(before),
        uploadPeak: mib(uploadPeak),
        peak: mib(max),
        hwm: mib(hwm),
        treePeak: mib(treeMax),
        after: mib(after),
        held,
        uploadS: (uploaded - t0) / 1000,
        parseS: (parsed - uploaded) / 1000,
      };
      log(
        `  RSS MiB: before ${r.before}, peak while uploading ${r.uploadPeak} (+${r.uploadPeak - r.before}), peak ${r.peak} (+${r.peak - r.before}; VmHWM ${r.hwm}), with the parse processes ${r.treePeak} (+${r.treePeak - r.before}), after ${r.after} (+${r.after - r.before}: ${Object.entries(
          held,
        )
          .map(([k, v]) => `${k} ${v >= 0 ? '+' : ''}${v}`)
          .join(', ')})`,
      );
      out.push(r);
    }
    return out;
  } finally {
    server.send('stop');
    await server.exited;
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv[0] === '--serve') return serve(argv[1], argv[2]);
  if (argv[0] === '--parse') return parseAlone(argv[1]);
  if (argv[0] === '--floor') return floorAlone(argv[1]);
  const { values } = parseArgs({
    args: argv,
    options: {
      mb: { type: 'string', default: '150' },
      uploads: { type: 'string', default: '3' },
      rounds: { type: 'string', default: '1' },
      root: { type: 'string' },
      floor: { type: 'boolean' },
      refused: { type: 'boolean' },
      keep: { type: 'boolean' },
    },
  });
  const log = (s: string) => console.log(s);
  const mb = Number(values.mb);
  mkdirSync(BENCH_DIR, { recursive: true });
  const file = join(BENCH_DIR, values.refused ? `upload-${mb}mb-not-ifc.txt` : `upload-${mb}mb.ifc`);
  if (values.refused && !existsSync(file)) writeNotIfc(file, mb);
  if (!existsSync(file)) {
    const m = writeBimModel(file, Math.round(mb * ELEMENTS_PER_MB));
    log(`model: ${m.elements} elements, ${(m.bytes / 1e6).toFixed(1)} MB`);
  }
  const size = statSync(file).size;
  const root = resolve(values.root ?? here);
  log(
    `server ${root}: ${values.uploads} × ${(size / 1e6).toFixed(1)} MB ${values.refused ? 'uploads that are not IFC' : 'uploads'} at once`,
  );
  const server = await measureServer(root, file, Number(values.uploads), Number(values.rounds), log, values.refused);
  const out: Record<string, unknown> = { root, file: { bytes: size }, uploads: Number(values.uploads), server };
  if (values.floor) {
    const one = child<{ growth: number; ms: number; elements: number }>(['--parse', file]);
    const p = await one.first;
    await one.exited;
    const floor = child<{ growth: number; ms: number }>(['--floor', file]);
    const f = await floor.first;
    await floor.exited;
    log(
      `  one parse alone: +${mib(p.growth)} MiB in ${(p.ms / 1000).toFixed(1)} s (${p.elements} elements); web-ifc alone: +${mib(f.growth)} MiB in ${(f.ms / 1000).toFixed(1)} s`,
    );
    out.parseAlone = { growth: mib(p.growth), s: p.ms / 1000 };
    out.webIfcAlone = { growth: mib(f.growth), s: f.ms / 1000 };
  }
  if (!values.keep) rmSync(file, { force: true });
  console.log(JSON.stringify(out));
}

void main().catch((err) => {
  console.error(err);
  process.exit(1);
});
