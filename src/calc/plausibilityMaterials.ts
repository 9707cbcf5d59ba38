// 合理性检查's material quantities (issue 21 §5), pure: which 建材生产 rows are concrete or steel, and how many m³ of
// concrete and kg of steel they hold. The library category (小类) decides where the row has a library factor
// (混凝土砖 is 砖, 塑钢窗 is a window); a row with its own factor goes by its name. Concrete counts rows in a volume
// unit (m³, L, 方 …); steel rows in a mass unit (t, kg) or with a density (t per the row's unit). A row that cannot
// be converted is left out and named, never guessed.
import { massPerUnit, parseUnit } from './units';

/** A 建材生产 row as the review reads it; `category` is the library factor's 小类 (absent for an own factor). */
export interface MaterialRow {
  id?: number;
  materialName: unknown;
  unit: unknown;
  quantity: unknown;
  density?: unknown;
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
}


const str = (v: unknown) => (v === null || v === undefined ? '' : String(v)).trim();

const CONCRETE_CATEGORY = '混凝土';
const STEEL_CATEGORY = '钢铁';
/** Names with 混凝土 that are not cast concrete (blocks, bricks, admixtures). */
const NOT_CONCRETE = ['砖', '砌块', '加气', '外加剂', '添加剂', '界面剂'];
/** Names with 钢 that are not steel (塑钢窗 is PVC, 钢化玻璃 is glass); 生铁/铁合金 are iron, not steel. */
const NOT_STEEL = ['塑钢', '钢化', '生铁', '铁合金'];

/** 'concrete', 'steel' or null: the library's 小类 where the row has one, else the row's name. */
export function materialKind(row: Pick<MaterialRow, 'materialName' | 'category' | 'libraryName'>): 'concrete' | 'steel' | null {
  const names = `${str(row.materialName)} ${str(row.libraryName)}`;
  const category = str(row.category);
  if (category) {
    if (category === CONCRETE_CATEGORY) return 'concrete';
    if (category === STEEL_CATEGORY && !NOT_STEEL.some((w) => names.includes(w))) return 'steel';
    return null;
  }
  if ((names.includes('混凝土') || names.includes('砼')) && !NOT_CONCRETE.some((w) => names.includes(w))) return 'concrete';
  if (names.includes('钢') && !NOT_STEEL.some((w) => names.includes(w))) return 'steel';
  return null;
}

const isVolume = (unit: unknown) => {
  const u = parseUnit(unit);
  if (!u) return undefined;
  const dims = Object.entries(u.dims).filter(([, e]) => e !== 0);
  return dims.length === 1 && dims[0][0] === 'L' && dims[0][1] === 3 ? u.scale : undefined;
};

/**
 * m³ of concrete and kg of steel in the rows. Concrete: quantity × the unit's m³ (m³ × 1, L × 0.001); steel:
 * quantity × t per unit (t × 1, kg ÷ 1000, another unit × the row's density in t per unit) × 1000.
 */
export function materialTotals(rows: MaterialRow[]): { concrete: MaterialTotal; steel: MaterialTotal } {
  const out = { concrete: { amount: 0, rows: 0, skipped: [] as SkippedRow[] }, steel: { amount: 0, rows: 0, skipped: [] as SkippedRow[] } };
  for (const r of rows) {
    const kind = materialKind(r);
    if (!kind) continue;
    const name = str(r.materialName) || str(r.libraryName) || '—';
    const unit = str(r.unit);
    const q = r.quantity === null || r.quantity === undefined || r.quantity === '' ? NaN : Number(r.quantity);
    const skip = (reason: string) => out[kind].skipped.push({ name, unit, reason });
    if (!Number.isFinite(q)) {
      skip('用量为空');
      continue;
    }
    if (kind === 'concrete') {
      const m3 = isVolume(unit);
      if (m3 === undefined) {
        skip(`单位 ${unit || '—'} 不是体积单位，无法换算为 m³`);
        continue;
      }
      out.concrete.amount += q * m3;
    } else {
      const t = massPerUnit(unit, r.density);
      if (!Number.isFinite(t)) {
        skip(`单位 ${unit || '—'} 无密度，无法换算为质量`);
        continue;
      }
      out.steel.amount += q * t * 1000;
    }
    out[kind].rows += 1;
  }
  return out;
}
