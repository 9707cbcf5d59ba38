// Why a candidate is suggested (./suggest.ts), in Chinese: how its name compares, its family, the synonyms used,
// the grades, a market average, a tie, a unit that does not fit.
import type { SynonymUse } from './names';
import type { Item, Relation } from './candidates';
import { gradeScore } from './similarity';
import type { Family } from './taxonomy';

export type Scored = {
  it: Item;
  confidence: number;
  chars: number;
  py: number;
  average: boolean;
  fit: boolean | string;
  relation: Relation | null;
  tied?: boolean;
  origin?: 'chinese' | 'foreign';
  /** why the name decides this row, or why it does not (./decide.ts) */
  extra?: string[];
};

export interface Context {
  family: Family | null;
  /** the polymer an insulation word overrode (Insulation - Plastic Hard: 塑料（原料）) */
  polymer: Family | null;
  standIn: Family | null;
  inferred: string | null;
  used: SynonymUse[];
  grades: string[];
  notes: string[];
}

export function reasonsOf(x: Scored, { family, polymer, standIn, inferred, used, grades, notes }: Context): string[] {
  const out: string[] = [];
  if (polymer && family) out.push(`名称含保温用语，按${family.label}而非${polymer.label}计`);
  if (inferred) out.push(`由强度等级推断为${inferred}`);
  else if (x.py > x.chars + 0.05) out.push('拼音相近');
  else if (x.chars >= 0.2 || !x.relation)
    out.push(x.chars >= 0.95 ? '名称一致' : x.chars >= 0.5 ? '名称相近' : '名称部分相同');
  const own = x.it.family;
  if (family && own && x.relation === 'same') out.push(`同类材料：${family.label}`);
  else if (family && own && x.relation === 'kind') out.push(`同类材料：${family.label}（因子为其中的${own.label}）`);
  // (the parent's own row the taxonomy says is the family's is no approximation: its reason says so, below)
  else if (family && x.relation === 'standIn' && !(family.parentRow && x.extra?.includes(family.parentRow)))
    out.push(`因子库暂无「${family.label}」的因子，按「${standIn?.label ?? own?.label ?? ''}」近似`);
  // a synonym is a reason where the candidate has what it was replaced by
  for (const u of used) if ([...u.to].some((ch) => x.it.main.core.includes(ch))) out.push(`同义词：${u.from}＝${u.to}`);
  gradeScore(grades, x.it.grades, notes, out);
  if (x.average) out.push('市场平均值');
  if (x.origin === 'chinese') out.push('国内数据，同类材料优先采用');
  if (x.origin === 'foreign') out.push('国外数据：同类材料已有国内数据，排在其后');
  if (x.extra) out.push(...x.extra);
  if (x.tied) out.push('有同样相近的其他因子，请选择');
  if (x.fit !== true)
    out.push(`单位不匹配（${typeof x.fit === 'string' && x.fit ? x.fit : `因子单位 ${x.it.c.unit}`}）`);
  return out;
}
