// The operation dialog's lookup-table pickers (src/client/stages/lookupFill.ts) against the seeded
// tables (src/server/db/seed/lookups.ts): which inputs each table fills, the unit conversions (h/d × 365 = h/a,
// % ÷ 100), U rows and rows without a number never offered, reference tables filling nothing.
import { describe, expect, it } from 'vitest';
import { stageRuntime } from '../../schemas/stages/runtime';
import { loadSeedLookups } from '../../src/server/db/seed/lookups';
import {
  applyLookup,
  asFraction,
  LOOKUP_PICKS,
  optionsOf,
  perYear,
  picksFor,
  specText,
  usable,
  type LookupPick,
  type LookupRow,
} from '../../src/client/stages/lookupFill';

const rows: LookupRow[] = loadSeedLookups().map((r, i) => ({ id: i + 1, ...r }));
const pick = (key: string): LookupPick => LOOKUP_PICKS.find((p) => p.key === key)!;
const row = (table: string, name: string, spec = ''): LookupRow =>
  rows.find((r) => r.table === table && r.name === name && (r.spec ?? '').includes(spec))!;
const props = stageRuntime.properties as Record<string, unknown>;

describe('unit conversions', () => {
  it('per day → per year, percent → fraction', () => {
    expect(perYear(1.5, 'h/d')).toBe(547.5);
    expect(perYear(0.2, 'h/d')).toBe(73);
    expect(perYear(2000, 'h/a')).toBe(2000);
    expect(asFraction(89, '%')).toBe(0.89);
    expect(asFraction(0.95, '-')).toBe(0.95);
    expect(asFraction(4.4, 'W/W')).toBe(4.4);
  });
});

describe('the pickers of each part', () => {
  it('every input a picker fills is an input of that part in the runtime schema', () => {
    for (const p of LOOKUP_PICKS) {
      for (const part of p.parts) {
        const filled = optionsOf(p, rows)
          .filter((r) => usable(p, r))
          .flatMap((r) => Object.keys(p.fill?.(r) ?? {}));
        for (const f of filled) expect((props[f] as { 'x-parts'?: string[] })['x-parts']).toContain(part);
      }
    }
  });

  it('elevator: class and usage; hot water: heater; pv: orientation, module, loss; HVAC: source, shading, heat recovery', () => {
    const keys = (part: string) => picksFor(part, props).map((p) => p.key);
    expect(keys('elevator')).toEqual(['elevatorClass', 'elevatorUsage']);
    expect(keys('hotWater')).toEqual(['dhwHeater']);
    expect(keys('sun')).toEqual(['dhwHeater', 'collectorEff', 'solarLoss']);
    expect(keys('pv')).toEqual(['pvOrientation', 'pvModule', 'pvLoss']);
    expect(keys('airCool')).toEqual(['hvacSource', 'shading', 'heatRecovery']);
    expect(keys('light')).toEqual([]);
    expect(keys('')).toEqual([]);
  });
});

describe('filling from the seeded tables', () => {
  it('elevator class VDI 4707 A: 0.56 mWh/(kg·m) and 50 W; usage class 3: 1.5 h/d → 547.5 h/a running, 22.5 h/d → 8 212.5 h/a standby', () => {
    const a = row('elevatorClass', 'VDI 4707 A 级');
    expect(applyLookup({ part: 'elevator' }, pick('elevatorClass'), a)).toEqual({
      part: 'elevator',
      specificEnergy: 0.56,
      standbyPower: 50,
    });
    const usage = row('elevatorUsage', '使用类别 3（中）');
    expect(applyLookup({}, pick('elevatorUsage'), usage)).toEqual({ runHours: 547.5, standbyHours: 8212.5 });
  });

  it('class G (U, no number) is listed last and fills nothing', () => {
    const g = row('elevatorClass', 'VDI 4707 G 级');
    expect(g.verification).toBe('U');
    expect(usable(pick('elevatorClass'), g)).toBe(false);
    expect(applyLookup({ specificEnergy: 1 }, pick('elevatorClass'), g)).toEqual({ specificEnergy: 1 });
    const options = optionsOf(pick('elevatorClass'), rows);
    expect(options.slice(-2).map((r) => r.name)).toEqual(['VDI 4707 G 级', 'ISO 25745-2 G 级']);
  });

  it('heaters: a gas heater 89 % → 0.89, an electric heater 0.95, a heat pump its COP 4.4; the solar rows are not heaters', () => {
    const p = pick('dhwHeater');
    expect(p.fill!(row('dhwHeater', '燃气快速热水器/燃气采暖热水炉 (2级能效)'))).toEqual({ heaterEff: 0.89 });
    expect(p.fill!(row('dhwHeater', '电热水器 (储水式/即热式)'))).toEqual({ heaterEff: 0.95 });
    expect(p.fill!(row('dhwHeater', '空气源热泵热水机 普通型 (一次加热式/循环加热式)'))).toEqual({ heaterEff: 4.4 });
    const names = optionsOf(p, rows).map((r) => r.name);
    expect(names.some((n) => n.startsWith('太阳能'))).toBe(false);
    expect(names).toContain('燃气锅炉 (集中热水)'); // listed, but U: disabled
    expect(usable(p, row('dhwHeater', '燃气锅炉 (集中热水)'))).toBe(false);
  });

  it('PV: a monocrystalline module 20 % → 0.2; K_S 0.25; every orientation row is U (reference, nothing filled)', () => {
    expect(pick('pvModule').fill!(row('pvModule', '单晶硅 (PERC/TOPCon/HJT, 2022+ mass production)'))).toEqual({
      efficiency: 0.2,
    });
    expect(optionsOf(pick('pvModule'), rows).every((r) => (r.spec ?? '').includes('组件光电转换效率'))).toBe(true);
    expect(pick('pvLoss').fill!(row('pvModule', '系统损失率 K_S'))).toEqual({ lossRate: 0.25 });
    const orientation = optionsOf(pick('pvOrientation'), rows);
    expect(orientation.length).toBe(3);
    expect(orientation.every((r) => !usable(pick('pvOrientation'), r))).toBe(true);
  });

  it('HVAC: a COP as it is, a boiler 92 % → 0.92; correction factors and the district network are not offered', () => {
    const p = pick('hvacSource');
    expect(p.fill!(row('hvacSource', '锅炉 燃气锅炉'))).toEqual({ cop: 0.92 });
    expect(p.fill!(row('hvacSource', '空气源热泵机组 冷热水机组'))).toEqual({ cop: 2 });
    const options = optionsOf(p, rows);
    expect(options.some((r) => (r.spec ?? '').includes('修正系数') || r.name.includes('管网'))).toBe(false);
    expect(options.at(-1)!.verification).toBe('U'); // SCOP: no number
  });

  it('shading and heat recovery are reference only: the form has no input for them', () => {
    const sd = row('shading', '非透明活动百叶或卷帘');
    expect(usable(pick('shading'), sd)).toBe(true);
    expect(applyLookup({ cop: 3 }, pick('shading'), sd)).toEqual({ cop: 3 });
    expect(applyLookup({}, pick('heatRecovery'), row('heatRecovery', '转轮式全热回收'))).toEqual({});
  });

  it('the spec shown leaves out what value / value2 stand for', () => {
    expect(specText(row('elevatorClass', 'VDI 4707 A 级'))).toBe('VDI 4707');
    expect(specText(row('elevatorUsage', '使用类别 3（中）'))).toBe('日运行 1–2 h；如 ≤50 户住宅、≤10 层办公');
  });
});
