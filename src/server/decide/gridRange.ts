// The grid factor's range for the uncertainty analysis: the published values of the building's grid
// factor's region (its province, else its region or 全国) across the years the library holds — current versions,
// average factors only (not the OM/BM baselines). A region with one year only takes the relative spread of the
// national average across its years, applied to the building's factor, and says so.
//
// Two-sided around the building's own factor: the triangle's mode is the building's value and its
// half-width h is the largest relative distance of a published value from it — max(hi − f, f − lo) ÷ f — applied
// both ways, (f·(1 − h), f, f·(1 + h)). The newest factor is usually the lowest of its region's years, so the
// published values alone (mode = minimum) made the band one-sided upward and the nominal figure fell below its own
// P10 (demo D4: 53.21 against P10 53.24). The distance says how far the published years lie from the figure used;
// nothing says the error can only be upward.
import { isBaseline, normalizedFactor, type LibraryFactor } from '../../calc/factor';
import { formatNumber } from '../../calc/format';
import type { Tri } from '../../calc/decide/montecarlo';
import type { Executor } from '../db/database';
import type { ApiRecord } from '../db/record';
import { resourceDef } from '../db/registry';

interface Published {
  value: number;
  year: number | null;
}

const yearOf = (f: LibraryFactor & { name?: unknown }) => {
  const m = `${f.spec ?? ''} ${f.source ?? ''}`.match(/(20\d\d)/);
  return m ? Number(m[1]) : null;
};

async function published(ex: Executor, building: ApiRecord, name: string): Promise<Published[]> {
  const t = resourceDef('tpf3BuildMaterial').table;
  let q = ex
    .selectFrom(t)
    .select(['material_co', 'co_unit', 'spec', 'source'])
    .where('type', '=', '能源')
    .where('small_type', '=', '电力')
    .where('name', '=', name)
    .where('superseded_by', 'is', null);
  q =
    building.tenantId == null
      ? q.where('tenant_id', 'is', null)
      : q.where((w) => w.or([w('tenant_id', 'is', null), w('tenant_id', '=', Number(building.tenantId))]));
  const rows = (await q.execute()).map((r) => ({
    materialCo: r.material_co as number | null,
    coUnit: r.co_unit as string,
    spec: r.spec as string,
    source: r.source as string,
  }));
  return rows
    .filter((f) => !isBaseline(f))
    .flatMap((f) => {
      const v = normalizedFactor(f).value;
      return v != null && v > 0 ? [{ value: v, year: yearOf(f) }] : [];
    });
}

const years = (p: Published[]) => {
  const ys = p.map((x) => x.year).filter((y): y is number => y !== null);
  return ys.length ? `${Math.min(...ys)}–${Math.max(...ys)}` : '各年份';
};

/**
 * A triangle of multipliers with mode 1 and half-width h = the larger of 1 − lo and hi − 1 (lo ≤ … ≤ hi relative
 * values).
 */
export function aroundOne(lo: number, hi: number): Tri {
  const h = Math.min(Math.max(1 - lo, hi - 1, 0), 1);
  return { low: 1 - h, mode: 1, high: 1 + h };
}

const pct = (t: Tri) => `±${formatNumber((t.high - 1) * 100)}%`;

/** null when the building has no grid factor. `text` says the distribution and where it comes from. */
export async function gridRange(ex: Executor, building: ApiRecord): Promise<{ tri: Tri; text: string } | null> {
  const nominal = Number(building.gridFactorValue) || 0;
  if (!(nominal > 0)) return null;
  const own =
    typeof building.gridFactorId === 'number'
      ? await ex
          .selectFrom(resourceDef('tpf3BuildMaterial').table)
          .select('name')
          .where('id', '=', building.gridFactorId)
          .executeTakeFirst()
      : undefined;
  const region = String(own?.name ?? '全国');
  const mine = await published(ex, building, region);
  const distinct = new Set(mine.map((p) => p.value));
  const f4 = (v: number) => formatNumber(v, 4);
  if (distinct.size >= 2) {
    const lo = Math.min(...distinct);
    const hi = Math.max(...distinct);
    const tri = aroundOne(lo / nominal, hi / nominal);
    return {
      tri,
      text: `三角分布 ${f4(nominal * tri.low)}–${f4(nominal)}–${f4(nominal * tri.high)} kgCO2/kWh（以本单体电网因子为众数，${region} ${years(mine)} 年发布值 ${f4(lo)}–${f4(hi)} 与其最大相对偏差 ${pct(tri)} 向两侧对称取值）`,
    };
  }
  const national = await published(ex, building, '全国');
  if (new Set(national.map((p) => p.value)).size < 2)
    return {
      tri: { low: 1, mode: 1, high: 1 },
      text: `${region}与全国均只有一个年份的电网因子，按确定值 ${f4(nominal)} kgCO2/kWh 计`,
    };
  const newest = [...national].sort((a, b) => (b.year ?? 0) - (a.year ?? 0))[0].value;
  const lo = Math.min(...national.map((p) => p.value)) / newest;
  const hi = Math.max(...national.map((p) => p.value)) / newest;
  const tri = aroundOne(lo, hi);
  return {
    tri,
    text: `三角分布 ${f4(nominal * tri.low)}–${f4(nominal)}–${f4(nominal * tri.high)} kgCO2/kWh（${region}仅有一个年份的电网因子，按全国平均电网因子 ${years(national)} 年相对最新年份的最大变化幅度 ${pct(tri)} 向两侧对称取值）`,
  };
}
