// 统计分析 summed by the database (GET tpf3ProjectV/statistics) and lists that never stop short silently: a page is at
// most 5 000 records, "all" past 5 000 is refused, an export writes every row, a list leaves the result's detail out.
//
// Tenant 乙集团 (nothing seeded), results written straight into the building rows:
//   概预算 done: A produce 100, green stored −5; B produce 50.5, green stored +3 (a sink counts negative whatever its
// sign)     → produce 150.5, green −5 − 3 = −8; total 95 + 53.5 = 148.5   概预算 revised: R1 produce 1 000 (signed), its
// revision R2 produce 7 → only R2 counts: produce 157.5, 3 done   概预算 open: C produce 999 (not completed) → not summed,
// 1 incomplete   估算 done: E produce 20 → produce 20, 1 done   engineering totals: 2 projects (one empty), 5 current
// buildings, 4 completed, total 148.5 + 7 + 20 = 175.5
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildingBody, ENG, engineeringBody, PROJECT, PROJECT_V } from './builders';
import { download } from './files';
import { testApp, type TestApp } from './helpers';

const STAGE = '/api/tpf/v1/tpf/stage';

let t: TestApp;
let admin: string;
let bUser: string;
let demoUser: string;
const ids: Record<string, number> = {};

async function building(engineeringId: number, name: string, computeMethod = 'budget'): Promise<number> {
  const r = await t.call(
    'POST',
    `${PROJECT}/`,
    bUser,
    buildingBody(engineeringId, {
      name,
      code: name,
      computeMethod,
      ...(computeMethod === 'estimate' ? { standard: 'JS', stage: '方案设计', menus: 'produce,build,runtime' } : {}),
    }),
  );
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.id;
}

const setResult = (id: number, produce: number, green: number, done = true) =>
  sql`update tpf3_project set status = ${done ? '1' : '0'}, produce = ${produce}, green = ${green}, total = ${produce + Math.abs(green) * Math.sign(green)} where id = ${id}`.execute(
    t.database.db,
  );

const stats = async (token: string) => {
  const r = await t.call('GET', `${PROJECT_V}/statistics`, token);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as {
    methods: { code: string; completed: number; incomplete: number; stale: number; sums: Record<string, number> }[];
    engineerings: Record<string, number>;
  };
};

beforeAll(async () => {
  t = await testApp();
  admin = await t.login('admin');
  demoUser = await t.login('demo_user');
  const tb = await t.call('POST', '/api/sys/v1/sys/sysTenant/', admin, { name: '乙集团', code: 'statsB', status: 1 });
  await t.call('POST', '/api/sys/v1/sys/sysUser/', admin, {
    userName: 'stats_b',
    name: '乙用户',
    password: 'stats_b-Pass-1',
    roleList: [],
    tenantId: tb.body.data.id,
  });
  bUser = await t.login('stats_b', 'stats_b-Pass-1');
  const eng = (await t.call('POST', `${ENG}/`, bUser, engineeringBody({ name: '乙项目', code: 'S-1' }))).body.data.id;
  await t.call('POST', `${ENG}/`, bUser, engineeringBody({ name: '乙空项目', code: 'S-2' }));
  for (const n of ['A', 'B', 'R1', 'R2', 'C']) ids[n] = await building(eng, n);
  ids.E = await building(eng, 'E', 'estimate');
  await setResult(ids.A, 100, -5);
  await setResult(ids.B, 50.5, 3);
  await setResult(ids.R1, 1000, 0);
  await setResult(ids.R2, 7, 0);
  await sql`update tpf3_project set revision_of = ${ids.R1} where id = ${ids.R2}`.execute(t.database.db);
  await setResult(ids.C, 999, 0, false);
  await setResult(ids.E, 20, 0);
});
afterAll(() => t?.close());

describe('统计分析 summed in SQL', () => {
  it('sums each result field by compute method over the completed current revisions, and says how many it summed', async () => {
    const s = await stats(bUser);
    expect(s.methods.map((m) => m.code)).toEqual(['estimate', 'budget', 'accounting']);
    const budget = s.methods.find((m) => m.code === 'budget')!;
    expect(budget).toMatchObject({ completed: 3, incomplete: 1, stale: 0 });
    expect(budget.sums.produce).toBeCloseTo(157.5, 9);
    expect(budget.sums.green).toBeCloseTo(-8, 9);
    expect(s.methods.find((m) => m.code === 'estimate')).toMatchObject({
      completed: 1,
      incomplete: 0,
      sums: expect.objectContaining({ produce: 20 }),
    });
    expect(s.methods.find((m) => m.code === 'accounting')).toMatchObject({ completed: 0, incomplete: 0 });
    expect(s.engineerings).toEqual({ count: 2, buildings: 5, completed: 4, total: 175.5 });
  });

  it('counts a completed result older than its rows as stale', async () => {
    // a stored result calculated before the building's first audit entry (its creation): its rows changed after
    await sql`update tpf3_project set result_detail = '{}'::jsonb, result_input_id = 0 where id = ${ids.B}`.execute(
      t.database.db,
    );
    expect((await stats(bUser)).methods.find((m) => m.code === 'budget')!.stale).toBe(1);
    await sql`update tpf3_project set result_detail = null where id = ${ids.B}`.execute(t.database.db);
  });

  it("is the caller's tenant only; the super admin's covers every tenant", async () => {
    const demo = await stats(demoUser);
    const platform = await stats(admin);
    const ours = await stats(bUser);
    for (const code of ['estimate', 'budget', 'accounting']) {
      const [d, p, o] = [demo, platform, ours].map((s) => s.methods.find((m) => m.code === code)!);
      expect(p.completed).toBeGreaterThanOrEqual(d.completed + o.completed);
    }
    // the demo tenant's user sees none of 乙集团's 157.5 t
    const demoBudget = demo.methods.find((m) => m.code === 'budget')!;
    const platformBudget = platform.methods.find((m) => m.code === 'budget')!;
    expect(platformBudget.sums.produce - demoBudget.sums.produce).toBeGreaterThanOrEqual(157.5 - 1e-9);
  });
});

describe('lists never stop short silently', () => {
  let many: number;
  beforeAll(async () => {
    many = ids.C;
    await sql`insert into stage_produce (project_id, tenant_id, material_name, unit, quantity)
      select p.id, p.tenant_id, '材料' || g, 't', g from tpf3_project p, generate_series(1, 5001) g where p.id = ${many}`.execute(
      t.database.db,
    );
  });

  it('refuses "all" past 5 000 records and a page larger than 5 000, naming the limit', async () => {
    const all = await t.call('GET', `${STAGE}/produce/?projectId=${many}&pageSize=-1`, bUser);
    expect(all.status, JSON.stringify(all.body).slice(0, 300)).toBe(400);
    expect(all.body.message).toBe('结果共 5001 条，超过单次上限 5000 条，请缩小筛选范围或分页查看');
    const big = await t.call('GET', `${STAGE}/produce/?projectId=${many}&pageSize=10000`, bUser);
    expect(big.status).toBe(400);
    expect(big.body.message).toBe('每页条数不能超过 5000');
    const last = await t.call('GET', `${STAGE}/produce/?projectId=${many}&pageSize=5000&pageNum=2`, bUser);
    expect(last.status).toBe(200);
    expect(last.body.data.total).toBe(5001);
    expect(last.body.data.dataList).toHaveLength(1);
  });

  it('exports every row of a stage past 5 000', async () => {
    const r = await t.call('GET', `${STAGE}/produce/export?projectId=${many}`, bUser);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const wb = await download(t, r.body.data);
    // a header row and 5 001 rows
    expect(wb.worksheets[0].actualRowCount).toBe(5002);
  });

  it("leaves a building's result detail out of lists; the building's own answer has it", async () => {
    await sql`update tpf3_project set result_detail = '{"stages":{}}'::jsonb where id = ${ids.A}`.execute(
      t.database.db,
    );
    const list = await t.call('GET', `${PROJECT_V}/?pageSize=50`, bUser);
    const listed = list.body.data.dataList.find((b: { id: number }) => b.id === ids.A);
    expect(listed.produce).toBe(100);
    expect('resultDetail' in listed).toBe(false);
    expect((await t.call('GET', `${PROJECT_V}/${ids.A}`, bUser)).body.data.resultDetail).toEqual({ stages: {} });
  });
});
