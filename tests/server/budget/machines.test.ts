// Machine shifts matched to the seeded 表C.0.1 rows (issue 26 §2): name, then the specification's figure.
import { describe, expect, it } from 'vitest';
import { matchMachine, specFigure, type MachineRow } from '../../../src/server/budget/machines';
import { constructionMachine } from '../../../src/server/db/seed/lookupConstruction';

const rows: MachineRow[] = constructionMachine().map((r, i) => ({ id: i + 1, name: r.name, spec: r.spec, value: r.value, unit: r.unit }));

describe('machine shifts', () => {
  it('reads a specification figure', () => {
    expect([specFigure('1m3'), specFigure('斗容量 0.6 m3'), specFigure('直径500mm'), specFigure('200L'), specFigure('')]).toEqual([[1, 'm3'], [0.6, 'm3'], [500, 'mm'], [200, 'L'], undefined]);
  });

  it('same name and figure: 载重汽车 6t → 装载质量 6 t, with its energy per shift', () => {
    const m = matchMachine({ name: '载重汽车', spec: '6t' }, rows)!;
    const row = rows.find((r) => r.name === '载重汽车' && r.spec === '装载质量 6 t')!;
    expect(m).toMatchObject({ lookupId: row.id, energyPerShift: row.value, energy: row.unit.startsWith('汽油') ? 'gasoline' : 'diesel', energyUnit: 'kg', confidence: 0.95 });
    expect(m.reasons).toEqual(['机械名称相同', '规格相同（装载质量 6 t）']);
  });

  it('a figure not in the table takes the nearest, saying so; a bracketed name still matches', () => {
    const m = matchMachine({ name: '汽车式起重机', spec: '25t' }, rows)!;
    expect(['提升质量 20 t', '提升质量 30 t']).toContain(m.spec);
    expect(m.reasons[1]).toMatch(/^规格取表中最接近的 提升质量 (20|30) t$/);
    expect(m.confidence).toBe(0.75);
    expect(matchMachine({ name: '履带式单斗液压挖掘机', spec: '1m3' }, rows)).toMatchObject({ spec: '斗容量 1 m3', energy: 'diesel' });
    expect(matchMachine({ name: '灰浆搅拌机', spec: '200L' }, rows)).toMatchObject({ spec: '拌筒容量 200 L', energy: 'electricity', energyUnit: 'kWh' });
  });

  it('a machine the table does not have gets nothing', () => {
    expect(matchMachine({ name: '混凝土振捣器(插入式)', spec: '' }, rows)).toBeUndefined();
  });
});
