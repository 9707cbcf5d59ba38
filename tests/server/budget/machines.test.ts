// Machine shifts matched to the seeded 表C.0.1 rows: the size read in every notation bills and the 台班费用定额 use,
// the same kind of size, the bill's fuel, the nearest size; only the same size is sure (≥ CONFIRM_AT). Each row is
// named by its 附录C 序号 (its id here) and spec, with its energy per shift from appC_machines.csv.
import { describe, expect, it } from 'vitest';
import { CONFIRM_AT } from '../../../schemas/bimMatch';
import { matchMachine, matchMachineChoice, type MachineRow } from '../../../src/server/budget/machines';
import { parseSize } from '../../../src/server/budget/machineSize';
import { constructionMachine } from '../../../src/server/db/seed/lookupConstruction';

// id = the row's 附录C 序号 (its remark), so a row is named as the table numbers it
const rows: MachineRow[] = constructionMachine().map((r) => ({
  id: Number(/附录C 序号 (\d+)/.exec(String(r.remarks))![1]),
  name: r.name,
  spec: r.spec,
  value: r.value,
  unit: r.unit,
}));
const match = (name: string, spec = '') => matchMachine({ name, spec }, rows)!;

describe('a machine size in any notation', () => {
  it("reads the figure after a unit in brackets, never the unit's digit", () => {
    expect(parseSize('斗容量(m3) 0.6')).toMatchObject({ value: 0.6, unit: 'm3' });
    expect(parseSize('装载质量（ｔ）６')).toMatchObject({ kind: '装载质量', value: 6, unit: 't' });
    expect(parseSize('输送量(m3/h) 75')).toMatchObject({ value: 75, unit: 'm3/h' });
    expect(parseSize('起重量(t) 25')).toMatchObject({ kind: '提升质量', value: 25, unit: 't' });
    expect(parseSize('1m³')).toMatchObject({ kind: '', value: 1, unit: 'm3' });
    expect(parseSize('HBT60')).toBeUndefined();
    // the size in the name: what comes before it is the machine
    const inName = parseSize('履带式单斗液压挖掘机 斗容量1m3', ['斗容量'])!;
    expect(['履带式单斗液压挖掘机 斗容量1m3'.slice(0, inName.start), inName.value, inName.unit]).toEqual([
      '履带式单斗液压挖掘机 ',
      1,
      'm3',
    ]);
  });
});

describe("a bill's machine matched to its 表C.0.1 row", () => {
  it.each([
    // [name, spec, 序号, the row's spec, energy per shift]
    ['履带式单斗液压挖掘机', '斗容量1m3', 5, '斗容量 1 m3', 63.0],
    ['履带式单斗液压挖掘机', '斗容量(m3) 0.6', 4, '斗容量 0.6 m3', 33.68],
    ['载重汽车 装载质量6t', '', 68, '装载质量 6 t', 33.24],
    ['载重汽车', '装载质量(t) 6', 68, '装载质量 6 t', 33.24],
    ['混凝土输送泵', '输送量(m3/h) 75', 91, '输送量 75 m3/h', 367.96],
    ['履带式推土机', '功率(kW) 105', 2, '功率 105 kW', 60.8],
    ['履带式起重机', '起重量(t) 25', 47, '提升质量 25 t', 36.05],
    ['木工圆锯机', '直径(mm) 500', 102, '直径 500 mm', 24.0],
    ['轮胎式装载机', '1m3', 6, '斗容量 1 m3', 52.73],
    ['载重汽车', '6t', 68, '装载质量 6 t', 33.24],
    ['履带式单斗液压挖掘机（斗容量1m3）', '', 5, '斗容量 1 m3', 63.0],
  ])('%s %s → 序号 %i %s (%f per shift), the same size: sure', (name, spec, id, rowSpec, perShift) => {
    const m = match(name, spec);
    expect([m.lookupId, m.spec, m.energyPerShift]).toEqual([id, rowSpec, perShift]);
    // same name 0.6 + same size 0.35
    expect(m.confidence).toBe(0.95);
    expect(m.confidence).toBeGreaterThanOrEqual(CONFIRM_AT);
    expect(m.reasons).toEqual(['机械名称相同', `规格相同（${rowSpec}）`]);
  });

  it('载重汽车 6t is the diesel row 68, not the 4 t petrol row 67', () => {
    expect(match('载重汽车 装载质量6t')).toMatchObject({ lookupId: 68, energy: 'diesel', energyUnit: 'kg' });
    // the bill says diesel at 4 t: the diesel rows only (6, 8, 12, 15, 20 t), the nearest 6 t (|6 − 4| = 2), not sure
    const diesel = match('载重汽车(柴油)', '装载质量(t) 4');
    expect([diesel.lookupId, diesel.energy, diesel.confidence]).toEqual([68, 'diesel', 0.75]);
    expect(diesel.reasons).toEqual([
      '机械名称相同',
      '燃料相同（柴油）',
      '规格取表中最接近的 装载质量 6 t（清单为 装载质量 4 t）',
    ]);
    // without a fuel, 4 t is row 67's own size (petrol, 25.48 kg)
    expect(match('载重汽车', '4t')).toMatchObject({
      lookupId: 67,
      energy: 'gasoline',
      energyPerShift: 25.48,
      confidence: 0.95,
    });
  });

  it('a size not in the table takes the nearest, saying which, below CONFIRM_AT', () => {
    // 25 t between 20 t (序号 56) and 30 t (序号 57), 5 t from each: the larger (more energy: 42.49 > 38.41 kg)
    const crane = match('汽车式起重机', '25t');
    expect([crane.lookupId, crane.energyPerShift, crane.confidence]).toEqual([57, 42.49, 0.75]);
    expect(crane.reasons[1]).toBe('规格取表中最接近的 提升质量 30 t（清单为 25 t）');
    expect(crane.confidence).toBeLessThan(CONFIRM_AT);
    // 0.8 m³: 0.2 from 0.6 and from 1 (to the last bit) → 1 m³, 序号 5
    expect(match('履带式单斗液压挖掘机', '斗容量(m3) 0.8')).toMatchObject({ lookupId: 5, confidence: 0.75 });
    // 15 kW: the table's only 混凝土抹平机 is 5.5 kW (序号 97)
    expect(match('混凝土抹平机', '功率(kW) 15')).toMatchObject({ lookupId: 97, confidence: 0.75 });
  });

  it('a size of another kind is not compared; no size is not sure either', () => {
    const other = match('履带式单斗液压挖掘机', '功率(kW) 1');
    expect([other.lookupId, other.confidence]).toEqual([4, 0.6]);
    expect(other.reasons[1]).toBe('清单规格「功率 1 kW」与表中规格不可比，取 斗容量 0.6 m3');
    const none = match('履带式单斗液压挖掘机');
    expect([none.confidence, none.reasons[1]]).toEqual([0.6, '清单未注明规格，取 斗容量 0.6 m3']);
  });

  it("a name holding the table's: the row, a little less sure; electric machines carry kWh", () => {
    expect(match('灰浆搅拌机', '200L')).toMatchObject({
      lookupId: 93,
      spec: '拌筒容量 200 L',
      energy: 'electricity',
      energyUnit: 'kWh',
      confidence: 0.95,
    });
    // contains 0.5 + same size 0.35
    expect(match('机动翻斗车(场内)', '1t')).toMatchObject({
      lookupId: 76,
      confidence: 0.85,
      reasons: ['机械名称相近（机动翻斗车）', '规格相同（装载质量 1 t）'],
    });
    // a name inside several machines' (挖掘机, 起重机): at best 0.4 + 0.35, never chosen without the user
    expect(match('起重机', '提升质量25t').confidence).toBe(0.75);
  });

  it("offers the machine's rows, or every usable row when the table lacks it", () => {
    const truck = matchMachineChoice({ name: '载重汽车', spec: '6t' }, rows);
    expect(truck.options).toEqual([67, 68, 69, 70, 71, 72]);
    const vibrator = matchMachineChoice({ name: '混凝土振捣器(插入式)', spec: '' }, rows);
    expect(vibrator.match).toBeUndefined();
    // 114 of the 163 rows have an energy figure (appC_machines.csv: 49 not found)
    expect(vibrator.options).toHaveLength(114);
    expect(vibrator.note).toBe(
      '附录C 施工机械台班能耗表中没有「混凝土振捣器(插入式)」，请选择表中相近的机械，或按能源用量录入',
    );
    expect(matchMachineChoice({ name: '回旋钻机', spec: '800mm' }, rows).note).toBe(
      '附录C 表中「回旋钻机」暂无台班能耗，请选择表中相近的机械，或按能源用量录入',
    );
  });
});
