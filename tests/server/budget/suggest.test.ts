// The proposals for a real-looking bill against the seeded library (issue 26 §4): each item's best factor and the
// quantity it would import, worked by hand in the comments.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers';
import type { Caller } from '../../../src/server/db/caller';
import { loadLibrary } from '../../../src/server/budget/library';
import { readBudgetGrids } from '../../../src/server/budget/readGrids';
import { readTables } from '../../../src/server/budget/tables';
import { preflight } from '../../../src/server/budget/preflight';
import { suggestItems, type SuggestedItem } from '../../../src/server/budget/suggest';
import { rcjSummary } from './workbooks';

let t: TestApp;
let items: SuggestedItem[];
beforeAll(async () => {
  t = await testApp();
  const user = await t.database.db.selectFrom('sys_user').select(['id', 'tenant_id']).where('user_name', '=', 'demo_user').executeTakeFirstOrThrow();
  const caller: Caller = { userId: Number(user.id), tenantId: Number(user.tenant_id), roles: [], isAdmin: false };
  const lib = await loadLibrary(t.database.db, caller);
  items = suggestItems(preflight(readTables(readBudgetGrids(await rcjSummary()))).items, lib);
});
afterAll(() => t.close());

const item = (name: string, spec?: string) => items.find((i) => i.name === name && (spec === undefined || i.spec === spec))!;
const best = (name: string, spec?: string) => item(name, spec).suggestions[0];

describe('a 人材机汇总表 against the seeded library', () => {
  it('concrete by grade, in its own unit: 商品混凝土 C30 1 284.36 m³ → C30混凝土 (per m³)', () => {
    expect(best('商品混凝土', 'C30')).toMatchObject({ label: expect.stringContaining('C30'), unit: 'm3', quantity: 1284.36, error: null });
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
    expect(truck.machine).toMatchObject({ spec: '装载质量 6 t' });
    expect(truck.suggestions[0]).toMatchObject({ quantity: 24.38, error: null });
  });

  it('a machine the table lacks says so', () => {
    expect(item('混凝土振捣器(插入式)').note).toBe('附录C 施工机械台班能耗表中没有「混凝土振捣器(插入式)」，请按能源用量录入');
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
