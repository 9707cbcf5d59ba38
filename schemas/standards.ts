// Modules × standards × project stages × stage menus × what each standard disables, and the menu
// rules. Data, not code in components: the building form, the sidebar, the wizard and the server
// all read this file. A new calculation stage is described by its own schema under schemas/stages/ and named
// here: in STAGE_SCHEMAS and in a module's `menus`.

import { stageProduce } from './stages/produce';
import { stageTrans } from './stages/trans';
import { stageBuild } from './stages/build';
import { stageRemove } from './stages/remove';
import { stageRuntime } from './stages/runtime';
import { stageGreen } from './stages/green';
import { stageWaste } from './stages/waste';
import { stageSupplement } from './stages/supplement';
import { stageRuntimeChange } from './stages/runtimeChange';
import { stageRemoveChange } from './stages/removeChange';
import { stageVoucher } from './stages/voucher';

/**
 * Every calculation stage schema, by registry name (stage<Code>), in the order of the building's result fields
 * (schemas/results.ts: the list columns, the comparison, the workbook's summary). The registry lists them, so each gets
 * its table, its routes at /api/tpf/v1/tpf/stage/<code>/, its import template and its calculation; a module's `menus`
 * below give it its wizard screen. Adding a stage = its schema file under schemas/stages/ + a line here + its menu.
 */
export const STAGE_SCHEMAS = {
  stageProduce,
  stageTrans,
  stageBuild,
  stageRemove,
  stageRuntime,
  stageRuntimeChange,
  stageRemoveChange,
  stageWaste,
  stageGreen,
  stageSupplement,
  stageVoucher,
} as const;

export type ModuleCode = 'estimate' | 'budget' | 'accounting';
export type StandardCode = 'GB' | 'JS-STD' | 'JS' | 'ZQYJG';

export interface MenuDef {
  /** Stage code; also the route segment: /{module}/{code}. */
  code: string;
  title: string;
}

export interface StandardDef {
  code: StandardCode;
  /** Project stages (项目阶段) offered with this standard, in order; the rules below use their index. */
  stages: readonly string[];
  disabledStages?: readonly string[];
  disabledMenus?: readonly string[];
}

export interface ModuleDef {
  code: ModuleCode;
  /** Navbar name. */
  name: string;
  /** Short name used in lists and reports. */
  label: string;
  /** The stage menus a user chooses from, in wizard order. */
  menus: readonly MenuDef[];
  /** Menus the app adds itself (accounting: supplement first, voucher last); never offered as checkboxes. */
  fixedMenus?: { first?: MenuDef; last?: MenuDef };
  standards: readonly StandardDef[];
}

export const STANDARD_NAMES: Record<StandardCode, string> = {
  GB: '国家标准GB/T 51366-2019',
  'JS-STD': '江苏省标准',
  JS: '江苏省导则',
  ZQYJG: '征求意见稿',
};

/**
 * Stages a standard's own boundary does not contain: GB/T 51366-2019 has no waste stage (it is the
 * Jiangsu guideline's); a GB building that uses it is calculated as asked but the stage is marked in the result
 * and the report.
 */
export const OUTSIDE_BOUNDARY: Partial<Record<StandardCode, Record<string, string>>> = {
  GB: { waste: '不在 GB/T 51366-2019 计算边界内' },
};

const BUILD_MENUS: readonly MenuDef[] = [
  { code: 'produce', title: '建材生产' },
  { code: 'trans', title: '建材运输' },
  { code: 'build', title: '建筑建造' },
  { code: 'remove', title: '建筑拆除' },
  { code: 'runtime', title: '建筑运行' },
  { code: 'waste', title: '废弃物处理' },
  { code: 'green', title: '碳汇' },
];

export const MODULES: readonly ModuleDef[] = [
  {
    code: 'estimate',
    name: '建筑碳排放估算',
    label: '估算',
    // In estimate, produce covers materialisation and demolition (建筑物化及拆除); the wizard drops trans,
    // build and remove.
    menus: BUILD_MENUS.map((m) => (m.code === 'produce' ? { ...m, title: '建筑物化及拆除' } : m)),
    standards: [
      { code: 'JS-STD', stages: ['可行性研究', '方案设计'], disabledMenus: ['waste'] },
      { code: 'JS', stages: ['可行性研究', '方案设计'] },
    ],
  },
  {
    code: 'budget',
    name: '建筑碳排放概预算',
    label: '概预算',
    menus: BUILD_MENUS,
    standards: [
      { code: 'JS-STD', stages: ['初步设计', '施工图设计'], disabledStages: ['初步设计'], disabledMenus: ['waste'] },
      { code: 'GB', stages: ['初步设计', '施工图设计'] },
      { code: 'JS', stages: ['初步设计', '施工图设计'] },
    ],
  },
  {
    code: 'accounting',
    name: '建筑碳排放核算',
    label: '核算',
    menus: [
      ...BUILD_MENUS.slice(0, 5),
      { code: 'runtimeChange', title: '建筑维护改造' },
      { code: 'removeChange', title: '建筑改造拆除' },
    ],
    fixedMenus: {
      first: { code: 'supplement', title: '核算信息补充' },
      last: { code: 'voucher', title: '核算凭证管理' },
    },
    standards: [
      { code: 'JS-STD', stages: ['竣工阶段', '运行阶段'], disabledMenus: ['runtimeChange', 'removeChange'] },
      { code: 'ZQYJG', stages: ['建造及交付', '运行使用', '建造交付及运行'], disabledMenus: ['remove'] },
      // Besides JS-STD and ZQYJG, accounting offers GB, whose menu rules (below) speak of stage index 0/1/2:
      // it takes the stage names of the ZQYJG draft.
      { code: 'GB', stages: ['建造及交付', '运行使用', '建造交付及运行'], disabledMenus: ['removeChange'] },
    ],
  },
];

export const MODULE_CODES = MODULES.map((m) => m.code);

export function moduleDef(code: string): ModuleDef | undefined {
  return MODULES.find((m) => m.code === code);
}

export function standardDef(module: string, standard: string): StandardDef | undefined {
  return moduleDef(module)?.standards.find((s) => s.code === standard);
}

/** Every stage code that can appear in a building's menus for this module (fixed ones included). */
export function allMenuCodes(m: ModuleDef): string[] {
  return [
    ...(m.fixedMenus?.first ? [m.fixedMenus.first.code] : []),
    ...m.menus.map((x) => x.code),
    ...(m.fixedMenus?.last ? [m.fixedMenus.last.code] : []),
  ];
}

/** The title of a stage menu in a module (fixed ones included). */
export function menuTitle(module: string, code: string): string | undefined {
  const m = moduleDef(module);
  if (!m) return undefined;
  return [m.fixedMenus?.first, ...m.menus, m.fixedMenus?.last].find((x) => x?.code === code)?.title;
}

/** What the form offers after choosing module + standard: stages and menus, each with its disabled flag. */
export function choicesFor(module: string, standard: string) {
  const m = moduleDef(module);
  const s = standardDef(module, standard);
  if (!m || !s) return { stages: [], menus: [] };
  return {
    stages: s.stages.map((name) => ({ name, disabled: !!s.disabledStages?.includes(name) })),
    menus: m.menus.map((x) => ({ ...x, disabled: !!s.disabledMenus?.includes(x.code) })),
  };
}

const PRODUCE_GROUP = ['produce', 'trans', 'build'];

function inOrder(m: ModuleDef, codes: Iterable<string>): string[] {
  const set = new Set(codes);
  return m.menus.map((x) => x.code).filter((c) => set.has(c));
}

/**
 * The menu rules applied to the user's checkbox choice (only offered, enabled menus are kept):
 * - estimate: choosing build adds produce;
 * - accounting with GB: stage index 0 leaves produce/runtime as chosen; index 1 empties produce (produce, trans,
 *   build) and sets runtime; index 2 sets produce to produce, trans and build, and runtime;
 * - JS-STD: produce is produce, trans and build.
 * Menus come back in the module's order. Fixed menus (supplement, voucher) are added by `menusForSave`.
 */
export function applyMenuRules(module: string, standard: string, stage: string, chosen: readonly string[]): string[] {
  const m = moduleDef(module);
  const s = standardDef(module, standard);
  if (!m || !s) return [];
  const offered = new Set(m.menus.map((x) => x.code).filter((c) => !s.disabledMenus?.includes(c)));
  const menus = new Set(chosen.filter((c) => offered.has(c)));
  if (module === 'estimate' && menus.has('build')) menus.add('produce');
  if (module === 'accounting' && standard === 'GB') {
    const index = s.stages.indexOf(stage);
    if (index === 1) {
      for (const c of PRODUCE_GROUP) menus.delete(c);
      menus.add('runtime');
    } else if (index === 2) {
      for (const c of PRODUCE_GROUP) menus.add(c);
      menus.add('runtime');
    }
  }
  if (standard === 'JS-STD' && menus.has('produce')) for (const c of PRODUCE_GROUP) menus.add(c);
  return inOrder(
    m,
    [...menus].filter((c) => offered.has(c)),
  );
}

/**
 * The menus stored on save: the rules above, then for accounting supplement
 * forced first; removeChange kept only when it was set before and the standard is ZQYJG; voucher appended last
 * for ZQYJG. `previous` is the building's stored menus (empty for a new building).
 */
export function menusForSave(
  module: string,
  standard: string,
  stage: string,
  chosen: readonly string[],
  previous: readonly string[] = [],
): string[] {
  const m = moduleDef(module);
  if (!m) return [];
  let menus = applyMenuRules(module, standard, stage, chosen);
  if (module !== 'accounting') return menus;
  // removeChange belongs to the ZQYJG draft: kept when chosen now or set before (spec: "appended when
  // previously set"), never under another standard.
  menus = menus.filter((c) => c !== 'removeChange');
  if (standard === 'ZQYJG' && (chosen.includes('removeChange') || previous.includes('removeChange')))
    menus = inOrder(m, [...menus, 'removeChange']);
  const out = [m.fixedMenus!.first!.code, ...menus];
  if (standard === 'ZQYJG') out.push(m.fixedMenus!.last!.code);
  return out;
}

/** Menus split from the stored comma-separated text. */
export function splitMenus(menus: string | null | undefined): string[] {
  return (menus ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The wizard's stages: the building's menus; estimate drops trans, build and remove. */
export function wizardStages(module: string, menus: readonly string[]): string[] {
  return module === 'estimate' ? menus.filter((c) => !['trans', 'build', 'remove'].includes(c)) : [...menus];
}

/**
 * GET tpf3ProjectV/getProjectComputeMethod?code= — the module (compute method) with its six-stage life cycle:
 * each of produce, trans, build, runtime, remove, green mapped to whether the module offers it, plus its
 * standards.
 */
export const LIFECYCLE_STAGES = ['produce', 'trans', 'build', 'runtime', 'remove', 'green'] as const;

export function computeMethodInfo(code: string) {
  const m = moduleDef(code);
  if (!m) return undefined;
  const offered = new Set(m.menus.map((x) => x.code));
  return {
    computeMethod: m.code,
    name: m.name,
    stages: LIFECYCLE_STAGES.map((c) => ({
      code: c,
      title: menuTitle(m.code, c) ?? BUILD_MENUS.find((x) => x.code === c)!.title,
      enabled: offered.has(c),
    })),
    standards: m.standards.map((s) => ({ code: s.code, name: STANDARD_NAMES[s.code], ...choicesFor(m.code, s.code) })),
  };
}
