// Every IFC file of a folder through the real upload → pre-flight path, as a user would: a fresh
// in-memory database with the seed, the app listening on a free port, each file posted as multipart over HTTP,
// its parse job followed, its pre-flight report and suggestions read. Prints per file: accepted or refused (the
// message), elements, problems by kind, notes, floor area, the largest materials and their top suggestion; and the
// JSON of it all to --out. The sample files stay outside the repository (../shared/ifc-samples/).
//   npx tsx scripts/bim-preflight-samples.ts ../shared/ifc-samples [--out .tmp/bim-samples.json]
import { mkdtempSync, openAsBlob, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/server/app';
import { openPGlite } from '../src/server/db/database';
import { migrate } from '../src/server/db/migrate';
import { seed } from '../src/server/seed/seed';
import { buildingBody, ENG, engineeringBody, PROJECT } from '../tests/server/builders';

const folder = process.argv[2];
const outAt = process.argv.indexOf('--out');
const out = outAt > 0 ? process.argv[outAt + 1] : undefined;
if (!folder) throw new Error('usage: npx tsx scripts/bim-preflight-samples.ts <folder> [--out file.json]');

const PASSWORD = 'Samples-Pass-1';
const database = await openPGlite({});
await migrate(database.db);
await seed(database.db, {
  passwords: {
    admin: 'Samples-Admin-1',
    demo_admin: 'Samples-Admin-2',
    demo_user: PASSWORD,
    demo_trial: 'Samples-Trial-1',
  },
  print: () => {},
});
const app = await buildApp({
  db: database.db,
  logger: false,
  clientDir: '/nonexistent',
  dataDir: mkdtempSync(join(tmpdir(), 'bim-samples-')),
});
const base = await app.listen({ host: '127.0.0.1', port: 0 });

type Json = Record<string, any>;
let token = '';
async function call(method: string, path: string, body?: unknown): Promise<Json> {
  const r = await fetch(`${base}${path}`, {
    method,
    headers: { 'access-token': token, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await r.json()) as Json;
}

const login = await call('POST', '/api/sys/v1/sso/login', {
  userName: 'demo_user',
  password: Buffer.from(PASSWORD).toString('base64'),
});
token = login.data.token;
const eng = await call('POST', `${ENG}/`, engineeringBody());
const building = await call(
  'POST',
  `${PROJECT}/`,
  buildingBody(eng.data.id, {
    useDateLimit: 50,
    buildArea: 1000,
    standard: 'GB',
    menus: 'produce,trans,build,runtime',
  }),
);
if (building.code !== 1) throw new Error(`building not created: ${JSON.stringify(building)}`);

const files = readdirSync(folder)
  .filter((f) => /\.(ifc|ifczip)$/i.test(f))
  .sort();
const report: Json[] = [];
for (const name of files) {
  const t0 = performance.now();
  const form = new FormData();
  form.append('projectId', String(building.data.id));
  form.append('file', await openAsBlob(join(folder, name)), name);
  const up = (await (
    await fetch(`${base}/api/tpf/v1/tpf/bim/fileUpload?wait=0`, {
      method: 'POST',
      headers: { 'access-token': token },
      body: form,
    })
  ).json()) as Json;
  if (up.code !== 1) {
    report.push({ file: name, accepted: false, message: up.message });
    console.log(`\n■ ${name}: 拒绝 — ${up.message}`);
    continue;
  }
  const jobId = up.data.jobId ?? up.data.job.id;
  let job: Json;
  for (;;) {
    job = (await call('GET', `/api/sys/v1/job/${jobId}`)).data;
    if (!['running', 'queued'].includes(job.state)) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const pre = (await call('GET', `/api/tpf/v1/tpf/bim/${jobId}?pageSize=500`)).data;
  const m = pre.model;
  const seconds = ((performance.now() - t0) / 1000).toFixed(1);
  if (!m) {
    report.push({ file: name, accepted: false, message: job.message });
    console.log(`\n■ ${name}: 拒绝 — ${job.message} (${seconds} s)`);
    continue;
  }
  const byKind: Record<string, number> = {};
  for (const p of m.problems.list) byKind[p.kind] = (byKind[p.kind] ?? 0) + 1;
  const materials = m.materials.map((x: Json) => ({
    name: x.name,
    elements: x.elements,
    volume: x.volume,
    area: x.area,
    weight: x.weight,
    review: x.review,
    top: x.suggestions[0] ? `${x.suggestions[0].name} ${Math.round(x.suggestions[0].confidence * 100)}%` : null,
  }));
  report.push({
    file: name,
    accepted: true,
    schema: m.schema,
    units: m.units,
    counts: m.counts,
    problems: byKind,
    problemsTotal: m.problems.total,
    notes: m.notes,
    floorArea: m.floorArea,
    materials,
  });
  console.log(
    `\n■ ${name}: 接受 ${m.schema} (${seconds} s) 构件 ${m.counts.elements}，问题 ${m.problems.total} ${JSON.stringify(byKind)}，待确认 ${m.counts.review}`,
  );
  console.log(
    `  单位 ${Object.values(m.units).join(' / ')}；楼面面积 ${m.floorArea ? `${m.floorArea.value.toFixed(2)} m²（${m.floorArea.basis}）` : '未知'}`,
  );
  for (const n of m.notes) console.log(`  说明：${n.text}（${n.elements}）`);
  for (const x of materials.slice(0, 8))
    console.log(
      `  ${x.name}: ${x.elements} 件 ${x.volume.toFixed(2)} m³ ${x.area.toFixed(2)} m² ${x.weight.toFixed(2)} kg → ${x.top ?? '无推荐'}${x.review ? `（待确认 ${x.review}）` : ''}`,
    );
  if (materials.length > 8) console.log(`  …另 ${materials.length - 8} 种材料`);
}
if (out) writeFileSync(out, JSON.stringify(report, null, 2));
await app.close();
await database.close();
