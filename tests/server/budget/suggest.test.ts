// The proposals for a real-looking bill against the seeded library: each item's best factor and the
// quantity it would import, worked by hand in the comments.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers';
import type { Caller } from '../../../src/server/db/caller';
import { loadLibrary } from '../../../src/server/budget/library';
import { readBudgetGrids } from '../../../src/server/budget/readGrids';
import { readTables } from '../../../src/server/budget/tables';
import { preflight } from '../../../src/server/budget/preflight';
import { suggestItems, type Library, type SuggestedItem } from '../../../src/server/budget/suggest';
import { CONFIRM_AT } from '../../../schemas/bimMatch';
import { rcjSummary } from './workbooks';
import { MACHINE_LINES, machineBill } from './machineBill';

let t: TestApp;
let items: SuggestedItem[];
let lib: Library;
beforeAll(async () => {
  t = await testApp();
  const user = await t.database.db
    .selectFrom('sys_user')
    .select(['id', 'tenant_id'])
    .where('user_name', '=', 'demo_user')
    .executeTakeFirstOrThrow();
  const caller: Caller = { userId: Number(user.id), tenantId: Number(user.tenant_id), roles: [], isAdmin: false };
  lib = await loadLibrary(t.database.db, caller);
  items = suggestItems(preflight(readTables(readBudgetGrids(await rcjSummary()))).items, lib);
});
afterAll(() => t.close());

const item = (name: string, spec?: string) =>
  items.find((i) => i.name === name && (spec === undefined || i.spec === spec))!;
const best = (name: string, spec?: string) => item(name, spec).suggestions[0];

describe('a 人材机汇总表 against the seeded library', () => {
  it('concrete by grade, in its own unit: 商品混凝土 C30 1 284.36 m³ → C30混凝土 (per m³)', () => {
    expect(best('商品混凝土', 'C30')).toMatchObject({
      label: expect.stringContaining('C30'),
      unit: 'm3',
      quantity: 1284.36,
      error: null,
    });
  });

  it('rebar in t → a rebar factor per t: 86.245 t', () => {
    expect(best('螺纹钢筋')).toMatchObject({ label: expect.stringContaining('钢筋'), quantity: 86.245 });
  });

  it('electricity stays on the grid factor first, in kWh: 18 652.3 kW·h = 18 652.3 kWh', () => {
    expect(best('电')).toMatchObject({ factorId: null, unit: 'kWh', quantity: 18652.3, error: null });
  });

  it('diesel in kg on the library diesel factor', () => {
    const s = best('柴油');
    expect(s.error).toBeNull();
    expect(s.label).toContain('柴油');
  });

  it('a machine line gets its 表C.0.1 row and the factor of its energy; the shifts stay the quantity', () => {
    const truck = item('载重汽车');
    // 载重汽车 6t: the same size, 装载质量 6 t (diesel, 33.24 kg per shift), sure
    expect(truck.machine).toMatchObject({
      spec: '装载质量 6 t',
      energy: 'diesel',
      energyPerShift: 33.24,
      confidence: 0.95,
    });
    expect(truck.suggestions[0]).toMatchObject({
      quantity: 24.38,
      error: null,
      reasons: ['按附录C 台班能耗折算为柴油'],
    });
    // the rows to pick from: the six 载重汽车 (4 t petrol, 6–20 t diesel), with the factors of both fuels
    expect(truck.machineOptions).toHaveLength(6);
    // (diesel's are the suggestions, answered once)
    expect(Object.keys(truck.machineSuggestions!)).toEqual(['gasoline']);
    expect(truck.suggestions[0].label).toContain('柴油');
    expect(truck.machineSuggestions!.gasoline[0]).toMatchObject({
      label: expect.stringContaining('汽油'),
      quantity: 24.38,
      error: null,
    });
  });

  it('a machine the table lacks says so, and may take any row: the factors of every energy are there', () => {
    const vibrator = item('混凝土振捣器(插入式)');
    expect(vibrator.note).toBe(
      '附录C 施工机械台班能耗表中没有「混凝土振捣器(插入式)」，请选择表中相近的机械，或按能源用量录入',
    );
    expect([vibrator.machine, vibrator.suggestions]).toEqual([null, []]);
    // 114 seeded rows have an energy figure
    expect(vibrator.machineOptions).toHaveLength(114);
    expect(Object.keys(vibrator.machineSuggestions!).sort()).toEqual(['diesel', 'electricity', 'gasoline']);
  });

  it('rolls (卷): the library has no waterproofing membrane, and the answer says so', () => {
    const rolls = item('防水卷材');
    expect(rolls.suggestions).toEqual([]);
    expect(rolls.note).toBe('因子库暂无「防水卷材与隔汽膜」类材料的因子');
  });

  it('glass in m² by its thickness: 628.45 m² × 6 mm = 3.7707 m³ × 2.56 t/m³ (GB 50009 普通玻璃) = 9.652992 t', () => {
    const s = best('平板玻璃');
    expect(s.error).toBeNull();
    expect(s.quantity).toBeCloseTo(9.652992, 6);
  });

  it('an electric machine also offers the grid factor first', () => {
    expect(item('灰浆搅拌机').suggestions[0]).toMatchObject({ factorId: null, quantity: 32.18 });
  });
});

describe('a bill of machines in every notation (machineBill.ts), read and matched', () => {
  it('each line takes its 表C.0.1 row (附录C 序号) with its energy per shift; only the same size is preselectable', async () => {
    const read = suggestItems(preflight(readTables(readBudgetGrids(await machineBill()))).items, lib);
    const ids = read.flatMap((i) => (i.machine ? [i.machine.lookupId] : []));
    const remarks = new Map(
      (await t.database.db.selectFrom('tpf3_lookup').select(['id', 'remarks']).where('id', 'in', ids).execute()).map(
        (r) => [Number(r.id), String(r.remarks)],
      ),
    );
    const got = MACHINE_LINES.map((l) => {
      const i = read.find((x) => x.name === l.name && x.spec === l.spec)!;
      const m = i.machine;
      return [
        l.name,
        l.spec,
        m && Number(/附录C 序号 (\d+)/.exec(remarks.get(m.lookupId)!)![1]),
        m?.spec,
        m?.energyPerShift,
        m ? m.confidence >= CONFIRM_AT : false,
      ];
    });
    expect(got).toEqual(
      MACHINE_LINES.map((l) => [l.name, l.spec, l.row?.no ?? null, l.row?.spec, l.row?.perShift, l.exact]),
    );
  });
});
