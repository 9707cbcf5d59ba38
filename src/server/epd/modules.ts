// The GWP per EN 15804 module, for every format: module names as written ('A1-A3', 'A1–A3', 'A1A2A3', 'a1-a3')
// made one, and the A1–A3 value the factor takes — declared, or A1 + A2 + A3 when only those are declared, never
// both, and never a value of one scenario among several.
import { EPD_MODULES, type EpdModule, type EpdModuleValue } from '../../../schemas/epd';
import { tidy } from './units';

export const MAX_MODULE_VALUES = 200;

export function moduleOf(text: string): EpdModule | null {
  const t = text
    .normalize('NFKC')
    .toUpperCase()
    .replace(/\s+/g, '')
    .replace(/[–—‐‑−_]/g, '-');
  if (/^A1-?(A2-?)?A?3$/.test(t) || t === 'A1+A2+A3') return 'A1-A3';
  return (EPD_MODULES as readonly string[]).includes(t) ? (t as EpdModule) : null;
}

export interface RawValue {
  module: string;
  scenario?: string | null;
  value: number | null;
}

/** The values in EN 15978's module order; unknown modules and values that are not numbers are left out. */
export function moduleValues(raw: RawValue[], notes: string[]): EpdModuleValue[] {
  const out: EpdModuleValue[] = [];
  const unknown = new Set<string>();
  const seen = new Set<string>();
  for (const r of raw) {
    const module = moduleOf(r.module);
    if (!module) {
      unknown.add(r.module);
      continue;
    }
    if (r.value === null) continue;
    const scenario = r.scenario?.trim() ? r.scenario.trim().slice(0, 200) : null;
    const key = `${module}\u0000${scenario ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ module, scenario, value: r.value });
  }
  if (unknown.size) notes.push(`未识别的模块未读取：${[...unknown].slice(0, 5).join('、')}`);
  const order = (m: EpdModule) => EPD_MODULES.indexOf(m);
  out.sort((a, b) => order(a.module) - order(b.module));
  if (out.length > MAX_MODULE_VALUES) {
    notes.push(`GWP 值超过 ${MAX_MODULE_VALUES} 个，只保留前 ${MAX_MODULE_VALUES} 个`);
    out.length = MAX_MODULE_VALUES;
  }
  return out;
}

/** A module's one value: its only value, or its value without a scenario; null when absent or ambiguous. */
function single(values: EpdModuleValue[], module: EpdModule): number | null {
  const of = values.filter((v) => v.module === module);
  if (of.length === 1) return of[0].value;
  const plain = of.filter((v) => v.scenario === null);
  return plain.length === 1 ? plain[0].value : null;
}

/** How many values a module has, for the modules that have more than one (scenarios). */
export function scenarioNotes(values: EpdModuleValue[]): string[] {
  const counts = new Map<EpdModule, number>();
  for (const v of values) counts.set(v.module, (counts.get(v.module) ?? 0) + 1);
  return [...counts].filter(([, n]) => n > 1).map(([m, n]) => `${m === 'A1-A3' ? 'A1–A3' : m} 有 ${n} 个情景`);
}

export function a1a3Of(
  values: EpdModuleValue[],
  notes: string[],
): { a1a3: number | null; a1a3From: 'declared' | 'sum' | null } {
  const has = (m: EpdModule) => values.some((v) => v.module === m);
  const parts = (['A1', 'A2', 'A3'] as const).filter(has);
  if (has('A1-A3')) {
    const declared = single(values, 'A1-A3');
    if (declared === null) {
      notes.push('A1–A3 有多个情景，未取其中任何一个作为 A1–A3');
      return { a1a3: null, a1a3From: null };
    }
    if (parts.length) notes.push('文件同时声明了 A1–A3 与 A1、A2、A3：取声明的 A1–A3，不再相加');
    return { a1a3: declared, a1a3From: 'declared' };
  }
  if (parts.length === 0) return { a1a3: null, a1a3From: null };
  if (parts.length < 3) {
    const lacking = (['A1', 'A2', 'A3'] as const).filter((m) => !has(m));
    notes.push(`文件只声明了 ${parts.join('、')}，缺 ${lacking.join('、')}，无法相加得出 A1–A3`);
    return { a1a3: null, a1a3From: null };
  }
  const [a1, a2, a3] = (['A1', 'A2', 'A3'] as const).map((m) => single(values, m));
  if (a1 === null || a2 === null || a3 === null) {
    notes.push('A1、A2 或 A3 有多个情景，无法相加得出 A1–A3');
    return { a1a3: null, a1a3From: null };
  }
  notes.push('A1–A3 由 A1、A2、A3 相加得出（文件未声明 A1–A3）');
  return { a1a3: tidy(a1 + a2 + a3), a1a3From: 'sum' };
}
