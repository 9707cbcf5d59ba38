// The demo engineering project of tenant 演示集团, created by demo_user so every demo account sees it: four
// completed buildings across the three modules, with their stage data entered and calculated, so the lists,
// results and charts show real figures on a fresh start.
import type { Caller } from '../caller';
import type { Db, Tx } from '../database';
import { repo } from '../repo';
import { resourceDef } from '../../registry';
import { calculateAndStore, stageDef } from '../../stages/calculate';
import { DEMO_METHODS, DEMO_STAGES } from './demoStages';

const DEMO_ENGINEERING = {
  name: '江北新区低碳示范园',
  code: 'DEMO-2026',
  buildOrg: '南京江北新区建设投资集团',
  designOrg: '演示集团建筑设计研究院',
  buildArea: 63100,
  site: '南京市',
  remarks: '江苏省南京市浦口区江北新区',
  latLng: '118.727000,32.158000',
};

const common = { site: '南京市', latLng: '118.727000,32.158000', buildOrg: DEMO_ENGINEERING.buildOrg, designOrg: DEMO_ENGINEERING.designOrg, useDateLimit: 50 };

const DEMO_BUILDINGS = [
  {
    ...common,
    name: 'A1研发办公楼',
    code: 'DEMO-A1',
    computeMethod: 'budget',
    standard: 'GB',
    stage: '施工图设计',
    buildType: '公共建筑/办公建筑/商务办公',
    structureType: '框架-核心筒结构',
    buildArea: 32000,
    height: 78.5,
    floorUp: 18,
    floorDown: 2,
    menus: 'produce,trans,build,remove,runtime,green',
  },
  {
    ...common,
    name: 'B2人才公寓',
    code: 'DEMO-B2',
    computeMethod: 'estimate',
    standard: 'JS',
    stage: '方案设计',
    buildType: '居住建筑/公寓',
    structureType: '剪力墙结构',
    buildArea: 18600,
    height: 54,
    floorUp: 18,
    floorDown: 1,
    menus: 'produce,runtime,waste,green',
  },
  {
    ...common,
    name: 'C3配套学校',
    code: 'DEMO-C3',
    computeMethod: 'accounting',
    standard: 'ZQYJG',
    stage: '建造及交付',
    buildType: '公共建筑/教育建筑/中小学',
    structureType: '框架结构',
    buildArea: 12500,
    height: 23.9,
    floorUp: 5,
    floorDown: 1,
    menus: 'produce,trans,build,runtime',
  },
  {
    ...common,
    name: 'D4商业配套中心',
    code: 'DEMO-D4',
    computeMethod: 'budget',
    standard: 'JS-STD',
    stage: '施工图设计',
    buildType: '公共建筑/商业建筑/商业综合体',
    structureType: '框架结构',
    buildArea: 9800,
    height: 23.5,
    floorUp: 4,
    floorDown: 1,
    menus: 'produce,runtime',
  },
];

/** A library factor's id by type, name and (optionally) spec; system rows only. */
async function factorId(trx: Tx, [type, name, spec]: [string, string, string?]): Promise<number> {
  let q = trx.selectFrom(resourceDef('tpf3BuildMaterial').table).select('id').where('type', '=', type).where('name', '=', name).where('tenant_id', 'is', null);
  if (spec) q = q.where('spec', '=', spec);
  const row = await q.executeTakeFirst();
  if (!row) throw new Error(`demo data: no factor ${type}/${name}/${spec ?? ''}`);
  return Number(row.id);
}

export async function seedDemoProjects(db: Db, trx: Tx, demoUser: Caller): Promise<void> {
  const eng = await repo(db, 'tpf3Engineering').create(demoUser, DEMO_ENGINEERING, trx);
  const buildings = repo(db, 'tpf3Project');
  for (const b of DEMO_BUILDINGS) {
    const building = await buildings.create(demoUser, { ...b, engineeringId: eng.id }, trx);
    // the wizard a user would go through: rows per stage, calculate, complete
    for (const [code, rows] of Object.entries(DEMO_STAGES[b.code] ?? {})) {
      const def = stageDef(code)!;
      for (const { factor, material, ...row } of rows) {
        const picked = { ...(factor ? { factorId: await factorId(trx, factor) } : {}), ...(material ? { materialId: await factorId(trx, material) } : {}) };
        await repo(db, def.name).create(demoUser, { ...row, projectId: building.id, ...picked }, trx);
      }
    }
    const methods = DEMO_METHODS[b.code];
    if (methods) await trx.updateTable(buildings.def.table).set({ stage_methods: JSON.stringify(methods) }).where('id', '=', building.id).execute();
    await calculateAndStore(trx, await buildings.get(demoUser, building.id, trx));
    await trx.updateTable(buildings.def.table).set({ status: '1' }).where('id', '=', building.id).execute();
  }
}
