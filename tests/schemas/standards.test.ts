// The standards and project stages each module offers, and the menu rules, per module × standard.
import { describe, expect, it } from 'vitest';
import {
  applyMenuRules,
  choicesFor,
  computeMethodInfo,
  menusForSave,
  MODULES,
  wizardStages,
} from '../../schemas/standards';

describe('modules × standards × stages', () => {
  it('offers the standards and project stages per module', () => {
    const table = Object.fromEntries(
      MODULES.map((m) => [m.code, m.standards.map((s) => `${s.code}:${s.stages.join('/')}`)]),
    );
    expect(table).toEqual({
      estimate: ['JS-STD:可行性研究/方案设计', 'JS:可行性研究/方案设计'],
      budget: ['JS-STD:初步设计/施工图设计', 'GB:初步设计/施工图设计', 'JS:初步设计/施工图设计'],
      accounting: [
        'JS-STD:竣工阶段/运行阶段',
        'ZQYJG:建造及交付/运行使用/建造交付及运行',
        'GB:建造及交付/运行使用/建造交付及运行',
      ],
    });
  });

  it('JS-STD disables waste in estimate and budget and 初步设计 in budget; accounting disables runtimeChange (JS-STD) and remove (ZQYJG)', () => {
    const disabled = (m: string, s: string) => {
      const c = choicesFor(m, s);
      return [
        ...c.stages.filter((x) => x.disabled).map((x) => x.name),
        ...c.menus.filter((x) => x.disabled).map((x) => x.code),
      ];
    };
    expect(disabled('estimate', 'JS-STD')).toEqual(['waste']);
    expect(disabled('estimate', 'JS')).toEqual([]);
    expect(disabled('budget', 'JS-STD')).toEqual(['初步设计', 'waste']);
    expect(disabled('budget', 'GB')).toEqual([]);
    expect(disabled('accounting', 'JS-STD')).toEqual(['runtimeChange', 'removeChange']);
    expect(disabled('accounting', 'ZQYJG')).toEqual(['remove']);
  });

  it('stage menus per module', () => {
    expect(choicesFor('estimate', 'JS').menus.map((m) => m.code)).toEqual([
      'produce',
      'trans',
      'build',
      'remove',
      'runtime',
      'waste',
      'green',
    ]);
    expect(choicesFor('budget', 'GB').menus.map((m) => m.code)).toEqual([
      'produce',
      'trans',
      'build',
      'remove',
      'runtime',
      'waste',
      'green',
    ]);
    expect(choicesFor('accounting', 'ZQYJG').menus.map((m) => m.code)).toEqual([
      'produce',
      'trans',
      'build',
      'remove',
      'runtime',
      'runtimeChange',
      'removeChange',
    ]);
    expect(choicesFor('estimate', 'GB')).toEqual({ stages: [], menus: [] });
  });
});

describe('menu rules', () => {
  it('estimate: choosing build adds produce', () => {
    expect(applyMenuRules('estimate', 'JS', '方案设计', ['build', 'runtime'])).toEqual(['produce', 'build', 'runtime']);
  });

  it('accounting GB: index 0 leaves the choice, 1 empties produce and sets runtime, 2 sets produce/trans/build and runtime', () => {
    expect(applyMenuRules('accounting', 'GB', '建造及交付', ['produce', 'remove'])).toEqual(['produce', 'remove']);
    expect(applyMenuRules('accounting', 'GB', '运行使用', ['produce', 'trans', 'build', 'remove'])).toEqual([
      'remove',
      'runtime',
    ]);
    expect(applyMenuRules('accounting', 'GB', '建造交付及运行', ['remove'])).toEqual([
      'produce',
      'trans',
      'build',
      'remove',
      'runtime',
    ]);
  });

  it('JS-STD: produce is produce, trans and build', () => {
    expect(applyMenuRules('budget', 'JS-STD', '施工图设计', ['produce', 'runtime'])).toEqual([
      'produce',
      'trans',
      'build',
      'runtime',
    ]);
    expect(applyMenuRules('estimate', 'JS-STD', '方案设计', ['produce'])).toEqual(['produce', 'trans', 'build']);
  });

  it('disabled menus are dropped (JS-STD waste)', () => {
    expect(applyMenuRules('budget', 'JS-STD', '施工图设计', ['runtime', 'waste'])).toEqual(['runtime']);
  });

  it('accounting save: supplement first, voucher last for ZQYJG, removeChange kept for ZQYJG only', () => {
    expect(menusForSave('accounting', 'JS-STD', '竣工阶段', ['runtime', 'removeChange'])).toEqual([
      'supplement',
      'runtime',
    ]);
    expect(menusForSave('accounting', 'ZQYJG', '建造及交付', ['produce'])).toEqual([
      'supplement',
      'produce',
      'voucher',
    ]);
    expect(
      menusForSave(
        'accounting',
        'ZQYJG',
        '建造及交付',
        ['produce'],
        ['supplement', 'produce', 'removeChange', 'voucher'],
      ),
    ).toEqual(['supplement', 'produce', 'removeChange', 'voucher']);
    expect(menusForSave('accounting', 'ZQYJG', '建造及交付', ['produce', 'removeChange'])).toEqual([
      'supplement',
      'produce',
      'removeChange',
      'voucher',
    ]);
    expect(menusForSave('budget', 'GB', '施工图设计', ['green', 'produce'])).toEqual(['produce', 'green']);
  });

  it('the estimate wizard drops trans, build and remove', () => {
    expect(wizardStages('estimate', ['produce', 'trans', 'build', 'remove', 'runtime', 'green'])).toEqual([
      'produce',
      'runtime',
      'green',
    ]);
    expect(wizardStages('budget', ['produce', 'trans'])).toEqual(['produce', 'trans']);
  });

  it('getProjectComputeMethod maps a module to the six life-cycle stages', () => {
    const info = computeMethodInfo('accounting')!;
    expect(info.stages.map((s) => `${s.code}:${s.enabled}`)).toEqual([
      'produce:true',
      'trans:true',
      'build:true',
      'runtime:true',
      'remove:true',
      'green:false',
    ]);
    expect(computeMethodInfo('estimate')!.stages[0].title).toBe('建筑物化及拆除');
    expect(computeMethodInfo('nope')).toBeUndefined();
  });
});
