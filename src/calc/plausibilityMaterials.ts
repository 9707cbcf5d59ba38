// 合理性检查's material quantities, pure: which 建材生产 rows are concrete or steel, and how many m³ of
// concrete and kg of steel they hold; and which material drives the rows' emissions, named when an intensity is out
// of range. The library category (小类) decides where the row has a library factor (混凝土砖 is 砖, 塑钢窗 is a
// window); a row with its own factor goes by its name. Both convert the way the calculation does (calc/units.ts):
// concrete from any volume unit, or from a mass through the row's density (240 t at 2.4 t/m³ is 100 m³); steel from
// a mass unit, or from another unit through its density. A row that cannot be converted is left out and named,
// never guessed.
import { formatNumber } from './format';
import { convertToFactor, parseUnit } from './units';

/** A 建材生产 row as the review reads it; `category` is the library factor's 小类 (absent for an own factor). */
export interface MaterialRow {
  id?: number;
  materialName: unknown;
  unit: unknown;
  quantity: unknown;
  density?: unknown;
  /** the unit the density is per (t/m3 …); absent: per the row's unit as written */
  densityUnit?: unknown;
  /** kgCO2e, as just calculated; absent or null when not counted */
  emission?: number | null;
  category?: string | null;
  /** the library factor's name (a row may be named 'HRB400' and still be 热轧碳钢钢筋) */
  libraryName?: string | null;
}

export interface SkippedRow {
  name: string;
  unit: string;
  reason: string;
}

export interface MaterialTotal {
  /** m³ (concrete) or kg (steel) */
  amount: number;
  rows: number;
  skipped: SkippedRow[];
  /** rows counted through a conversion, with its steps: '「C30混凝土」240 t = 240,000 kg ÷ 密度 2.4 t/m3 = 100 m3' */
  converted?: string[];
}

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v)).trim();

const CONCRETE_CATEGORY = '混凝土';
const STEEL_CATEGORY = '钢铁';
/** Names with 混凝土 that are not cast concrete (blocks, bricks, admixtures). */
const NOT_CONCRETE = ['砖', '砌块', '加气', '外加剂', '添加剂', '界面剂'];
/** Names with 钢 that are not steel (塑钢窗 is PVC, 钢化玻璃 is glass); 生铁/铁合金 are iron, not steel. */
const NOT_STEEL = ['塑钢', '钢化', '生铁', '铁合金'];

/** 'concrete', 'steel' or null: the library's 小类 where the row has one, else the row's name. */
export function materialKind(
  row: Pick<MaterialRow, 'materialName' | 'category' | 'libraryName'>,
): 'concrete' | 'steel' | null {
  const names = `${str(row.materialName)} ${str(row.libraryName)}`;
  const category = str(row.category);
  if (category) {
    if (category === CONCRETE_CATEGORY) return 'concrete';
    if (category === STEEL_CATEGORY && !NOT_STEEL.some((w) => names.includes(w))) return 'steel';
    return null;
  }
  if ((names.includes('混凝土') || names.includes('砼')) && !NOT_CONCRETE.some((w) => names.includes(w)))
    return 'concrete';
  if (names.includes('钢') && !NOT_STEEL.some((w) => names.includes(w))) return 'steel';
  return null;
}

const isMass = (unit: string) => {
  const u = parseUnit(unit);
  return !!u && Object.entries(u.dims).every(([k, e]) => (k === 'M' ? e === 1 : e === 0));
};

/**
 * m³ of concrete and kg of steel in the rows: the row's quantity converted to a per-m³ (concrete) or per-kg (steel)
 * factor's unit — within a dimension by the units' scales (L × 0.001, t × 1000), across by the row's density.
 */
export function materialTotals(rows: MaterialRow[]): { concrete: MaterialTotal; steel: MaterialTotal } {
  const out = {
    concrete: { amount: 0, rows: 0, skipped: [] as SkippedRow[], converted: [] as string[] },
    steel: { amount: 0, rows: 0, skipped: [] as SkippedRow[], converted: [] as string[] },
  };
  for (const r of rows) {
    const kind = materialKind(r);
    if (!kind) continue;
    const name = str(r.materialName) || str(r.libraryName) || '—';
    const unit = str(r.unit);
    const q = r.quantity === null || r.quantity === undefined || r.quantity === '' ? NaN : Number(r.quantity);
    if (!Number.isFinite(q)) {
      out[kind].skipped.push({ name, unit, reason: '用量为空' });
      continue;
    }
    // (the bridges as a variable: the density's own unit goes with it to the conversion)
    const bridges = { density: r.density, densityUnit: r.densityUnit };
    const c = convertToFactor(q, unit, kind === 'concrete' ? 'kgCO2e/m3' : 'kgCO2e/kg', bridges, false);
    if (!c.ok || !unit) {
      const reason =
        kind === 'steel'
          ? `单位 ${unit || '—'} 无密度，无法换算为质量`
          : isMass(unit)
            ? `单位 ${unit} 无密度，无法换算为 m³`
            : `单位 ${unit || '—'} 不是体积单位，无法换算为 m³`;
      out[kind].skipped.push({ name, unit, reason });
      continue;
    }
    // (a change of dimension is said in the working: the figure then rests on the row's density)
    if (c.steps.some((s) => s.includes('密度'))) out[kind].converted.push(`「${name}」${c.steps.join('，')}`);
    out[kind].amount += c.value;
    out[kind].rows += 1;
  }
  return out;
}

/**
 * The material that drives the rows' emissions: the rows summed by name and unit, the largest, its quantity and its
 * share of all of them — '电解铝（707.21 t）占建材生产 97%'; null when no row has a positive emission.
 */
export function topContributor(
  rows: MaterialRow[],
  stageTitle: string,
): { name: string; share: number; text: string } | null {
  const by = new Map<string, { name: string; unit: string; quantity: number; emission: number }>();
  let total = 0;
  for (const r of rows) {
    const e = typeof r.emission === 'number' && Number.isFinite(r.emission) ? r.emission : 0;
    if (e <= 0) continue;
    total += e;
    const name = str(r.materialName) || str(r.libraryName) || '—';
    const unit = str(r.unit);
    const key = `${name}\u0000${unit}`;
    const g = by.get(key) ?? { name, unit, quantity: 0, emission: 0 };
    g.quantity += Number(r.quantity) || 0;
    g.emission += e;
    by.set(key, g);
  }
  const top = [...by.values()].sort((a, b) => b.emission - a.emission)[0];
  if (!top || !(total > 0)) return null;
  const share = top.emission / total;
  return {
    name: top.name,
    share,
    text: `${top.name}（${formatNumber(top.quantity)}${top.unit ? ` ${top.unit}` : ''}）占${stageTitle} ${Math.round(share * 100)}%`,
  };
}
