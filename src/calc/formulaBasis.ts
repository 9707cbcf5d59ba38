// The formula basis of a result: the one text the result page and the PDF/Word reports state. The
// JS-STD, JS and ZQYJG standards of schemas/standards.ts change project stages, menus and stage names only; every
// formula and factor is GB/T 51366-2019's. A provincial rule is listed in PROVINCIAL_RULES only where the domain
// research gives it with mark V (verified) or M (recalled): none does — the
// Jiangsu standard's number, the guideline's rated intensities (额定指标), waste-disposal formula and factors,
// demolition ratio and mandated grid factor are U (not found), and which draft ZQYJG (征求意见稿) is, is U. What is
// verified of Jiangsu (its stage names, its methods' defaults) is structure, which the menus already carry.
import { STANDARD_NAMES, type StandardCode } from '../../schemas/standards';

export const GB_BASIS = '《建筑碳排放计算标准》GB/T 51366-2019';
/**
 * What following GB/T 51366 means here: its formulas; factors from the library (its appendices or the source each row
 * names).
 */
const GB_RULE = '各阶段的计算公式按该标准，排放因子取自因子库（该标准附录或各行所注来源）';

/**
 * Provincial rules the calculation applies, per standard (each with its source and mark); none is known (see above).
 */
export const PROVINCIAL_RULES: Record<StandardCode, readonly string[]> = { GB: [], 'JS-STD': [], JS: [], ZQYJG: [] };

/** What a standard takes over besides GB/T 51366 (structure only) and what could not be verified. */
const STRUCTURE: Record<Exclude<StandardCode, 'GB'>, { takes: string; unverified: string; extra?: string }> = {
  'JS-STD': {
    takes: '项目阶段、计算菜单与阶段名称',
    unverified: '该标准的编号与专用计算规则（额定指标、拆除比例系数、指定的电网排放因子等）未能核实',
  },
  JS: {
    takes: '项目阶段、计算菜单与阶段名称（含废弃物处理、碳汇两个独立阶段）',
    unverified: '导则的专用计算规则（额定指标、废弃物处置公式与因子、拆除比例系数、指定的电网排放因子等）未能核实',
    extra: '废弃物处理阶段按“数量 × 填写的处理因子”计算（GB/T 51366-2019 无此阶段，导则的公式未能核实）。',
  },
  ZQYJG: {
    takes: '项目阶段划分（建造及交付、运行使用、建造交付及运行）与阶段名称',
    unverified: '该征求意见稿的出处与专用计算规则未能核实',
  },
};

export interface FormulaBasis {
  standard: string;
  /** the provincial rules applied (none today) */
  rules: readonly string[];
  /** the sentences shown, in order */
  lines: string[];
}

/** The formula basis of a result calculated under `standard` (GB when unknown). */
export function formulaBasis(standard: string | null | undefined): FormulaBasis {
  const code = (standard && standard in STANDARD_NAMES ? standard : 'GB') as StandardCode;
  const rules = PROVINCIAL_RULES[code];
  if (code === 'GB') return { standard: STANDARD_NAMES.GB, rules, lines: [`计算依据：按${GB_BASIS}——${GB_RULE}。`] };
  const s = STRUCTURE[code];
  const name = STANDARD_NAMES[code];
  const applied = rules.length ? `采用的${name}专用规则：${rules.join('；')}。` : `未采用任何${name}专用计算规则。`;
  return {
    standard: name,
    rules,
    lines: [
      `计算依据：${name}——本系统按其${s.takes}组织计算；${s.unverified}，${applied}`,
      ...(s.extra ? [s.extra] : []),
      `其余均按${GB_BASIS}：${GB_RULE}。`,
    ],
  };
}
