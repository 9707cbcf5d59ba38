// Which bill lines open preselected (src/server/imports/match/decide.ts through budget/suggest.ts), against the seed
// library: a line is preselected only when it decides one row — the family's only row, or the only row whose
// distinguishing words it has (页岩 of 页岩实心砖, the make-up of 中空玻璃 6+12A+6, the grade of C30) — and a
// family word alone, a word the rows lack (白水泥), a grade or make-up the library has not, or a stand-in never is.
import { describe, expect, it } from 'vitest';
import { CONFIRM_AT } from '../../../schemas/bimMatch';
import { loadSeedFactors } from '../../../src/server/db/seed/factors';
import { bulkDensityFor } from '../../../src/server/imports/match/bulkDensity';
import type { LibraryMaterial } from '../../../src/server/imports/library';
import { suggestItems } from '../../../src/server/budget/suggest';
import { materialCoverage, preselected } from '../../../src/server/budget/coverage';
import { uncovered } from '../../../src/server/imports/match/decide';

const materials = new Map<number, LibraryMaterial>(
  loadSeedFactors()
    .filter((f) => f.type === '建材')
    .map((f, i) => {
      const m = { name: f.name, group: f.smallType || null };
      return [
        i + 1,
        {
          id: i + 1,
          ...m,
          spec: f.spec || null,
          unit: f.unit,
          factorValue: f.materialCo,
          coUnit: f.coUnit,
          label: f.name,
          density: f.density ?? null,
          bulk: bulkDensityFor(m),
          energy: null,
          source: f.source,
        },
      ];
    }),
);
const lib = { materials, energies: new Map(), machines: [], saved: new Map<string, number>() };
const line = (name: string, spec: string, unit: string, quantity = 1) => ({
  key: `material|${name}|${spec}|${unit}`,
  cls: 'material' as const,
  reason: '',
  code: '',
  name,
  spec,
  unit,
  quantity,
  sources: [],
});
const first = (name: string, spec = '', unit = 't') => suggestItems([line(name, spec, unit)], lib)[0].suggestions[0];

describe('a line that decides its row opens preselected on it', () => {
  it.each([
    ['螺纹钢筋', 'HRB400 Φ12', 't', '热轧碳钢钢筋'],
    ['钢筋', '综合', 't', '热轧碳钢钢筋'],
    ['圆钢', 'HPB300 Φ8', 't', '热轧碳钢钢筋'], // a reinforcing grade makes a round bar rebar
    ['圆钢', 'Φ10以内', 't', '热轧碳钢棒材'],
    ['热轧H型钢', 'HN400×200', 't', '热轧碳钢H钢'],
    ['普通硅酸盐水泥', 'P.O 42.5', 't', '普通硅酸盐水泥（市场平均）'],
    ['水泥', '32.5', 'kg', '普通硅酸盐水泥（市场平均）'],
    ['中砂', '', 'm3', '砂（f=1.6~3.0）'],
    ['细砂', '', 't', '砂（f=1.6~3.0）'],
    ['砂子', '', 'm3', '砂（f=1.6~3.0）'],
    ['碎石', '5-40', 'm3', '碎石（d=10~30mm）'],
    ['卵石', '', 't', '碎石（d=10~30mm）'],
    ['预拌混凝土', 'C30', 'm3', 'C30混凝土'],
    ['商品混凝土', 'C50', 'm3', 'C50混凝土'],
    ['页岩标准砖', '240×115×53', '千块', '页岩实心砖（240mm×115mm×53mm）'],
    ['中空玻璃', '6+12A+6', 'm2', '中空玻璃（6+12A+6，仅计两片玻璃）'],
    ['中空玻璃', '5Low-E+12A+5', 'm2', '中空玻璃（5+12A+5，仅计两片玻璃）'],
    ['浮法玻璃', '6mm', 'm2', '平板玻璃'],
    ['挤塑聚苯板', 'XPS 50mm', 'm3', '聚苯乙烯泡沫板'],
    ['岩棉板', 'A级 80mm', 'm3', '岩棉板'],
    ['断桥铝合金平开窗', '6+12A+6', 'm2', '断桥铝合金窗（100%原生铝型材）'],
    ['断桥铝合金窗', '原生铝:再生铝=7:3', 'm2', '断桥铝合金窗（原生铝:再生铝=7:3）'],
    ['塑钢窗', '', 'm2', '塑钢窗'],
    ['预拌砂浆', 'M10', 'm3', '水泥砂浆（1:4）'],
    ['干混砌筑砂浆', 'DM M5', 't', '水泥砂浆（1:4）'],
    ['干混抹灰砂浆', 'DP M15', 't', '水泥砂浆（1:4）'],
  ])('%s %s (%s) → %s', (name, spec, unit, factor) => {
    const s = first(name, spec, unit);
    expect(s.label).toBe(factor);
    expect(preselected(s)).toBe(true);
  });
});

describe('a line that does not decide is proposed, never preselected', () => {
  it.each([
    ['商品混凝土', 'C35', 'm3', 'C30混凝土'], // no C35 row: the nearer grade first
    ['商品混凝土', '', 'm3', 'C30混凝土'], // C30 or C50
    ['白水泥', '', 't', '普通硅酸盐水泥（市场平均）'], // 白 is in no cement row
    ['烧结多孔砖', '240×115×90', '千块', '烧结粉煤灰实心砖（240mm×115mm×53mm，掺入量50%）'], // solid bricks only stand in
    ['页岩多孔砖', '240×115×90', '千块', '烧结粉煤灰实心砖（240mm×115mm×53mm，掺入量50%）'],
    ['标准砖', '240×115×53', '千块', '烧结粉煤灰实心砖（240mm×115mm×53mm，掺入量50%）'], // shale, fly ash or gangue
    ['中空玻璃', '', 'm2', '中空玻璃（5+12A+5，仅计两片玻璃）'], // which make-up
    ['中空玻璃', '5+9A+5', 'm2', '中空玻璃（5+12A+5，仅计两片玻璃）'], // a make-up the library has not
    ['铝合金窗', '', 'm2', '断桥铝合金窗（100%原生铝型材）'], // thermal break not said
    ['工字钢', 'I20a', 't', '热轧碳钢小型型钢'], // small, medium or large section
    ['钢板', 'δ10', 't', '普通碳钢（市场平均）'],
    ['混合砂浆', 'M5', 'm3', '水泥砂浆（1:4）'], // cement-lime, not cement mortar
    ['灌浆料', '', 't', '水泥砂浆（1:4）'],
    ['钢化玻璃', '6mm', 'm2', '平板玻璃'],
    ['冷轧带肋钢筋', 'CRB550 Φ6', 't', '热轧碳钢钢筋'], // cold-rolled, not hot-rolled
  ])('%s %s (%s): %s first, below the threshold', (name, spec, unit, factor) => {
    const s = first(name, spec, unit);
    expect(s.label).toBe(factor);
    expect(s.confidence).toBeLessThan(CONFIRM_AT);
    expect(preselected(s)).toBe(false);
  });

  it('the aerated block the library lacks: nothing, and why', () => {
    expect(suggestItems([line('蒸压加气混凝土砌块', 'B06', 'm3')], lib)[0]).toMatchObject({
      suggestions: [],
      note: '因子库暂无「加气混凝土砌块」类材料的因子',
    });
  });

  it('says why a row as close by name was not taken', () => {
    const [, other] = suggestItems([line('断桥铝合金窗', '', 'm2')], lib)[0].suggestions;
    expect(other.reasons).toContain('因子注明「再生」，名称未注明');
    const [, five] = suggestItems([line('中空玻璃', '6+12A+6', 'm2')], lib)[0].suggestions;
    expect(five.reasons).toContain('中空玻璃构造不同（6+12A+6≠5+12A+5）');
  });
});

describe('the words a name says beyond its family', () => {
  it('are the runs of Chinese characters no word covers; letters and figures of a specification say nothing', () => {
    expect(uncovered('页岩标准砖', ['标准砖', '砖'])).toEqual(['页岩']);
    expect(uncovered('螺纹钢筋φ', ['钢筋', '螺纹钢'])).toEqual([]);
    expect(uncovered('白水泥po', ['水泥'])).toEqual(['白']);
  });
});

describe('the coverage of a bill', () => {
  it('preselected items’ estimates over all estimates; an item nothing converts counts as an item only', () => {
    const items = suggestItems(
      [
        line('螺纹钢筋', 'HRB400 Φ12', 't', 100),
        line('商品混凝土', 'C35', 'm3', 200),
        line('蒸压加气混凝土砌块', 'B06', 'm3', 500),
      ],
      lib,
    );
    // rebar preselected: 100 t × 2 340 = 234 000 kg; C35 on its first proposal C30混凝土: 200 m³ × 295 = 59 000 kg
    // (not preselected); the aerated block has no proposal. Share 234 000 / (234 000 + 59 000) = 0.798634812…
    expect(materialCoverage(items)).toEqual({
      matched: 1,
      total: 3,
      unestimated: 1,
      estimated: 293000,
      matchedEstimated: 234000,
      share: 234000 / 293000,
    });
    expect(materialCoverage([])).toMatchObject({ matched: 0, total: 0, share: null });
  });

  it('the tenant’s saved choice opens chosen whatever its confidence; a proposal that does not convert never does', () => {
    const cement = [...materials.values()].find((f) => f.name === '普通硅酸盐水泥（市场平均）')!;
    const saved = { ...lib, saved: new Map([['白水泥', cement.id]]) };
    const [white] = suggestItems([line('白水泥', '', 't', 2)], saved);
    expect(white.suggestions[0]).toMatchObject({ saved: true, label: cement.name });
    // 2 t × 735 = 1 470 kg, all of it preselected
    expect(materialCoverage([white])).toMatchObject({ matched: 1, estimated: 1470, share: 1 });
    const rolls = suggestItems([line('螺纹钢筋', 'HRB400 Φ12', '卷', 3)], lib);
    expect(rolls[0].suggestions[0].error).toBeTruthy();
    expect(materialCoverage(rolls)).toMatchObject({ matched: 0, unestimated: 1, share: null });
  });
});
