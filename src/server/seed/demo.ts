// The demo engineering project of tenant 演示集团, created by demo_user so every demo account sees it: four
// completed buildings across the three modules, with their stage data entered and calculated, so the lists,
// results and charts show real figures on a fresh start. The data is ./data/demo.json: realistic quantities for
// a 32 000 m² office, an 18 600 m² apartment block, a 12 500 m² school and a 9 800 m² commercial centre (concrete
// ≈ 0.4 m³/m², reinforcement ≈ 60–75 kg/m²). A row names its library factor as a user would pick it,
// `factor: [type, name, spec?]` (a transport row its material too, `material`: its density and default distance
// come with it), resolved here to the seeded system row; a row with `factorValue` is the user's own value.
import { AUDIT_TABLE, SEED_ACTION } from '../db/audit';
import type { Caller } from '../db/caller';
import type { Db, Tx } from '../db/database';
import { repo } from '../db/repo';
import { resourceDef } from '../db/registry';
import { calculateAndStore, stageDef } from '../stages/calculate';
import { arrayAt, dataError, objectAt, readSeedJson, stringAt } from '../db/seed/dataFiles';

const FILE = 'demo.json';

/** A library factor by type, name and (optionally) spec. */
type FactorRef = [string, string, string?];

interface DemoRow {
  factor?: FactorRef;
  material?: FactorRef;
  fields: Record<string, unknown>;
}

interface DemoBuilding {
  fields: Record<string, unknown>;
  /** rows by stage code */
  stages: [string, DemoRow[]][];
  /** calculation methods where not the stage's default */
  methods?: Record<string, string>;
}

function factorRef(where: string, v: unknown): FactorRef | undefined {
  if (v === undefined) return undefined;
  const ref = arrayAt(FILE, where, v);
  if (ref.length < 2 || ref.length > 3) throw dataError(FILE, where, 'expected [type, name, spec?]');
  return ref.map((x, i) => stringAt(FILE, `${where}[${i}]`, x)) as FactorRef;
}

function demoRow(where: string, raw: unknown): DemoRow {
  const { factor, material, ...fields } = objectAt(FILE, where, raw);
  return { factor: factorRef(`${where}.factor`, factor), material: factorRef(`${where}.material`, material), fields };
}

function demoBuilding(where: string, raw: unknown, defaults: Record<string, unknown>): DemoBuilding {
  const { stages, methods, ...fields } = objectAt(FILE, where, raw);
  const code = stringAt(FILE, `${where}.code`, fields.code);
  const byStage = Object.entries(objectAt(FILE, `${code}.stages`, stages ?? {})).map(
    ([stage, rows]): [string, DemoRow[]] => {
      if (!stageDef(stage)) throw dataError(FILE, `${code}.stages`, `unknown stage ${JSON.stringify(stage)}`);
      return [
        stage,
        arrayAt(FILE, `${code}.stages.${stage}`, rows).map((r, i) => demoRow(`${code}.stages.${stage}[${i}]`, r)),
      ];
    },
  );
  const m = methods === undefined ? undefined : objectAt(FILE, `${code}.methods`, methods);
  if (m) for (const [k, v] of Object.entries(m)) stringAt(FILE, `${code}.methods.${k}`, v);
  return {
    fields: { ...defaults, ...fields },
    stages: byStage,
    ...(m ? { methods: m as Record<string, string> } : {}),
  };
}

function loadDemo(): { engineering: Record<string, unknown>; buildings: DemoBuilding[] } {
  const doc = objectAt(FILE, 'top level', readSeedJson(FILE));
  const defaults = objectAt(FILE, 'buildingDefaults', doc.buildingDefaults ?? {});
  return {
    engineering: objectAt(FILE, 'engineering', doc.engineering),
    buildings: arrayAt(FILE, 'buildings', doc.buildings).map((b, i) => demoBuilding(`buildings[${i}]`, b, defaults)),
  };
}

/** A library factor's id by type, name and (optionally) spec; system rows only. */
async function factorId(trx: Tx, [type, name, spec]: FactorRef): Promise<number> {
  let q = trx
    .selectFrom(resourceDef('tpf3BuildMaterial').table)
    .select('id')
    .where('type', '=', type)
    .where('name', '=', name)
    .where('tenant_id', 'is', null);
  if (spec) q = q.where('spec', '=', spec);
  const row = await q.executeTakeFirst();
  if (!row) throw new Error(`demo data: no factor ${type}/${name}/${spec ?? ''}`);
  return Number(row.id);
}

/**
 * The building's trail so far — itself and every row the seed gave it, each recorded as 新增 by nobody — as one entry:
 * 初始数据 with the count (before the calculation, whose result is then the trail's latest input).
 */
async function recordAsSeed(trx: Tx, projectId: number): Promise<void> {
  const seeded = await trx
    .deleteFrom(AUDIT_TABLE)
    .where('project_id', '=', projectId)
    .returning(['tenant_id', 'rows'])
    .execute();
  const rows = seeded.reduce((n, e) => n + Number(e.rows), 0);
  await trx
    .insertInto(AUDIT_TABLE)
    .values({
      tenant_id: seeded[0]?.tenant_id ?? null,
      project_id: projectId,
      resource: resourceDef('tpf3Project').table,
      row_id: projectId,
      action: SEED_ACTION,
      rows,
      user_id: null,
    })
    .execute();
}

export async function seedDemoProjects(db: Db, trx: Tx, demoUser: Caller): Promise<void> {
  const demo = loadDemo();
  const eng = await repo(db, 'tpf3Engineering').create(demoUser, demo.engineering, trx);
  const buildings = repo(db, 'tpf3Project');
  for (const b of demo.buildings) {
    const building = await buildings.create(demoUser, { ...b.fields, engineeringId: eng.id }, trx);
    // the wizard a user would go through: rows per stage, calculate, complete
    for (const [code, rows] of b.stages) {
      const def = stageDef(code)!;
      for (const { factor, material, fields } of rows) {
        const picked = {
          ...(factor ? { factorId: await factorId(trx, factor) } : {}),
          ...(material ? { materialId: await factorId(trx, material) } : {}),
        };
        await repo(db, def.name).create(demoUser, { ...fields, projectId: building.id, ...picked }, trx);
      }
    }
    if (b.methods)
      await trx
        .updateTable(buildings.def.table)
        .set({ stage_methods: JSON.stringify(b.methods) })
        .where('id', '=', building.id)
        .execute();
    await recordAsSeed(trx, building.id);
    await calculateAndStore(trx, await buildings.get(demoUser, building.id, trx));
    await trx.updateTable(buildings.def.table).set({ status: '1' }).where('id', '=', building.id).execute();
  }
}
