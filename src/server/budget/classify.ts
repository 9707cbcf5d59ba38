// What each line of a bill is, for carbon: labour (人工 — no carbon of its own, only counted), material (→ 建材生产,
// and 建材运输), equipment (设备 — a material to map when a factor fits), energy and water (电, 柴油, 汽油, 天然气, 煤,
// 水 → 建造 by energy) and machine shifts (台班 → 建造 by GB/T 51366 附录C). A line's name decides energy and water
// (pricing tools file 电 and 水 under 材料, and qualify them: 柴油（机械）, 动力用电, 施工用水); then its 类别, its unit
// (工日, 台班), the section it sits in; anything else is a material.
import type { EnergyKind } from '../../../schemas/factors/kinds';
import { normalizeUnit } from '../../calc/units';
import type { BudgetLine } from './lines';

export type LineClass = 'labour' | 'material' | 'equipment' | 'energy' | 'machine';

export const CLASS_LABELS: Record<LineClass, string> = {
  labour: '人工',
  material: '材料',
  equipment: '设备',
  energy: '能源及水',
  machine: '机械台班',
};

export interface Classified {
  cls: LineClass;
  /** for energy: which one (water is an energy kind of the library: 自来水) */
  energy?: EnergyKind;
  /** why, in words a user reads in the pre-flight */
  reason: string;
}

/** Energy and water by their core name, once the qualifiers below are removed: the whole name must be the core word,
 * so 柴油发电机组, 电焊条, 水泥, 防水涂料, 电缆 and 煤矸石砖 stay what they are. */
const ENERGY_NAMES: [RegExp, EnergyKind][] = [
  [/^(电|电力|电能|电费)$/, 'electricity'],
  [/^(柴油|轻柴油|-?\d+[#号]柴油|柴油-?\d+[#号])$/, 'diesel'],
  [/^(汽油|车用汽油|\d+[#号]汽油|汽油\d+[#号])$/, 'gasoline'],
  [/^(天然气|管道天然气|压缩天然气)$/, 'naturalGas'],
  [/^(液化石油气|液化气)$/, 'lpg'],
  [/^(煤|原煤|烟煤|无烟煤|煤炭|标准煤)$/, 'coal'],
  // 中水 (reclaimed water) is water drawn on site like any other; the library's only water factor is tap water's
  // (GB/T 51366 附录D 自来水), which the reason below says
  [/^(水|自来水|用水|中水|再生水)$/, 'water'],
];

/** What a bill adds around the core word: a bracketed note (（机械）, (机械用), （综合）) and who uses it. */
const BRACKETS = /[(（[［【][^)）\]］】]*[)）\]］】]/g;
const QUALIFIER_BEFORE = /^(施工用|施工|生产用|生产|工程用|工业用|机械用|机械|动力用|动力|照明用|照明|综合)/;
const QUALIFIER_AFTER = /(施工用|生产用|工程用|机械用|动力用|综合)$/;

/** The core word of a qualified energy name: 柴油（机械） → 柴油, 动力用电 → 电, 施工用水 → 水, 0#柴油 stays. */
export function coreName(name: string): string {
  let s = name.normalize('NFKC').replace(/\s/g, '').replace(BRACKETS, '');
  for (let prev = ''; prev !== s;) {
    prev = s;
    const next = s.replace(QUALIFIER_BEFORE, '').replace(QUALIFIER_AFTER, '');
    if (next) s = next;
  }
  return s;
}

const CATEGORY: [RegExp, LineClass][] = [
  [/^(人|人工|人工费|人工类)$/, 'labour'],
  [/^(机|机械|机械费|机械台班|施工机械|施工机具|机具)$/, 'machine'],
  [/^(设|设备|工程设备|设备费)$/, 'equipment'],
  [/^(材|主|材料|主材|主要材料|商砼|砼|浆|配比|材料费|辅材|半成品)$/, 'material'],
];

const LABOUR_UNITS = new Set(['工日', '工时', '综合工日']);

/** Reclaimed water (中水) takes tap water's factor, the library's only one: a stand-in, never chosen without the user. */
export const standsInForWater = (name: string) => /^(中水|再生水)$/.test(coreName(name));

export function classify(line: BudgetLine): Classified {
  const core = coreName(line.name);
  for (const [re, energy] of ENERGY_NAMES) {
    if (!re.test(core)) continue;
    const as = core === line.name.trim() ? '' : `（按「${core}」）`;
    const reclaimed = standsInForWater(core) ? '；中水按自来水的因子计，请核对' : '';
    return { cls: 'energy', energy, reason: `名称「${line.name}」${as}为能源或水${reclaimed}` };
  }
  const unit = normalizeUnit(line.unit);
  if (LABOUR_UNITS.has(unit)) return { cls: 'labour', reason: `单位「${line.unit}」` };
  if (unit === '台班') return { cls: 'machine', reason: `单位「${line.unit}」` };
  const category = line.category.replace(/\s/g, '');
  for (const [re, cls] of CATEGORY)
    if (category && re.test(category)) return { cls, reason: `类别「${line.category}」` };
  for (const [re, cls] of CATEGORY)
    if (line.section && re.test(line.section)) return { cls, reason: `所在分部「${line.section}」` };
  return { cls: 'material', reason: '其余各行按材料' };
}
