// A building's EN 15978 module result as a file (schemas/moduleExport.ts): the module lines and module D as the report
// shows them (reports/moduleLines.ts), the stored total, and the EPD factors the building's rows use — each with its
// validity on the day of the export, so a reader sees an expired declaration without reading the report.
import { epdExpired } from '../../../schemas/epd';
import { MODULE_EXPORT_FORMAT, MODULE_EXPORT_VERSION, type ModuleExport } from '../../../schemas/moduleExport';
import type { Caller } from '../db/caller';
import type { Db } from '../db/database';
import type { ApiRecord } from '../db/record';
import { badRequest } from '../errors';
import { chinaDay } from '../../calc/chinaTime';
import { buildingModules } from '../reports/moduleLines';
import { epdFactors } from '../epd/inUse';
import { buildingStages, resultDetailOf } from '../reports/stageData';

export const EXPORT_TEXTS = {
  notCalculated: '单体尚未计算，暂无 EN 15978 模块结果，请先完成计算',
} as const;

type Epd = ModuleExport['epds'][number];

/** How many of the building's rows (caller's read scope) use each library factor, by its id. */
async function factorUse(db: Db, caller: Caller, b: ApiRecord): Promise<Map<number, number>> {
  const use = new Map<number, number>();
  for (const s of await buildingStages(db, caller, b)) {
    const props = s.def.schema.properties as Record<string, { 'x-factor'?: unknown }>;
    const keys = Object.keys(props).filter((k) => props[k]['x-factor']);
    for (const r of s.rows)
      for (const k of new Set(keys.map((key) => r[key]).filter((v): v is number => typeof v === 'number')))
        use.set(k, (use.get(k) ?? 0) + 1);
  }
  return use;
}

async function epdsOf(db: Db, use: Map<number, number>, today: string): Promise<Epd[]> {
  const factors = await epdFactors(db, [...use.keys()]);
  return [...factors.values()]
    .sort((x, y) => x.id - y.id)
    .map(({ id, name, epd }) => ({
      factorId: id,
      name,
      manufacturer: epd.manufacturer ?? null,
      registrationNo: epd.registrationNo ?? null,
      operator: epd.operator ?? null,
      validUntil: epd.validUntil ?? null,
      expired: epdExpired(epd, today),
      declaredAmount: epd.declaredAmount ?? null,
      declaredUnit: epd.declaredUnit ?? null,
      a1a3: epd.a1a3 ?? null,
      modules: epd.modules.map((m) => ({ module: m.module, scenario: m.scenario ?? null, value: m.value })),
      rows: use.get(id) ?? 0,
    }));
}

const numberOrNull = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));

/** The export of a building the caller may read (a building never calculated has none). */
export async function moduleExport(db: Db, caller: Caller, b: ApiRecord, now = new Date()): Promise<ModuleExport> {
  if (b.total === null || b.total === undefined) throw badRequest(EXPORT_TEXTS.notCalculated);
  const total = Number(b.total);
  const view = buildingModules(b, total);
  return {
    format: MODULE_EXPORT_FORMAT,
    version: MODULE_EXPORT_VERSION,
    building: {
      id: Number(b.id),
      name: String(b.name ?? ''),
      area: numberOrNull(b.buildArea),
      designYears: numberOrNull(b.useDateLimit),
      standard: String(b.standard ?? ''),
      module: String(b.computeMethod ?? ''),
    },
    calculatedAt: resultDetailOf(b).calculatedAt ?? null,
    resultStale: !!b.resultStale,
    unit: 'tCO2e',
    modules: view.lines.map((l) => ({
      module: l.module,
      title: l.title,
      value: l.value,
      note: l.note,
      ...(l.sink ? { sink: true as const } : {}),
    })),
    total,
    d: {
      module: 'D',
      title: view.d.title,
      value: view.d.value,
      note: view.d.note,
      notes: view.d.notes,
      includedInTotal: false,
    },
    epds: await epdsOf(db, await factorUse(db, caller, b), chinaDay(now)),
  };
}

/** `<建筑名称>-EN15978.json`, without the characters a file name cannot hold. */
export const exportFileName = (b: ApiRecord) =>
  `${String(b.name ?? '建筑').replace(/[\\/:*?"<>|\r\n]/g, '_')}-EN15978.json`;
