// The building form's pure parts: record ↔ form values, the saved payload, the numeric-input helper and the
// validation with the shared schema.
import { describe, expect, it } from 'vitest';
import { emptyValues, fromRecord, toPayload } from '../../src/client/buildings/form/model';
import { numericText } from '../../src/client/admin/form/numericText';
import { validateBuilding } from '../../src/client/buildings/form/useBuildingValidation';
import { resolveBuildingId } from '../../src/client/buildings/form/BuildingForm';
import { leafPaths } from '../../src/client/buildings/form/BuildTypePicker';
import { setCurrentBuilding } from '../../src/client/session/currentBuilding';

const filled = () => ({
  ...emptyValues('accounting'),
  engineeringId: 3,
  standard: 'ZQYJG',
  stage: '建造及交付',
  menus: ['produce', 'runtime'],
  name: 'A',
  code: 'A-1',
  site: '南京市',
  buildType: ['居住建筑', '住宅'],
  structureType: '框架结构',
  buildArea: '100',
  height: '10',
  floorUp: '3',
  floorDown: '0',
  latLng: '118.78,32.04',
  userId: ['4', '8'],
});

describe('building form model', () => {
  it('numericText keeps digits and one decimal point (integers: digits only) and cuts to the length limit', () => {
    expect(numericText('-1,234.5.6元')).toBe('1234.56');
    expect(numericText('12.5', { integer: true })).toBe('125');
    expect(numericText('123456789012', { maxLength: 11 })).toBe('12345678901');
    expect(numericText('abc')).toBe('');
  });

  it('toPayload joins buildType, userId and menus; accounting adds supplement first and voucher last for ZQYJG', () => {
    const body = toPayload('accounting', filled(), ['removeChange']);
    expect(body).toMatchObject({
      computeMethod: 'accounting',
      buildType: '居住建筑/住宅',
      userId: '4;8',
      menus: 'supplement,produce,runtime,removeChange,voucher',
      useDateLimit: 50,
      floorDown: 0,
      greenArea: null,
    });
    expect(validateBuilding(body)).toEqual({});
  });

  it('no chosen menu → no menus at all (not only the fixed ones) → 请至少选择一个计算阶段!', () => {
    const body = toPayload('accounting', { ...filled(), menus: [] });
    expect(body).not.toHaveProperty('menus');
    expect(validateBuilding(body)).toEqual({ menus: '请至少选择一个计算阶段!' });
  });

  it('validation uses the schema messages; empty required fields say 请输入/请选择…', () => {
    const errors = validateBuilding(
      toPayload('estimate', { ...emptyValues('estimate'), useDateLimit: '0', floorUp: '1.5' }),
    );
    expect(errors).toMatchObject({
      engineeringId: '请选择所属项目',
      name: '请输入单体名称',
      site: '请选择建设地点',
      useDateLimit: '请输入大于0的整数',
      floorUp: '地上层数应为非负整数',
      latLng: '请选择经纬度',
      menus: '请至少选择一个计算阶段!',
    });
  });

  it('fromRecord splits the stored texts back into the form', () => {
    const v = fromRecord(
      {
        buildType: '公共建筑/办公建筑/商务办公',
        userId: '2;5',
        menus: 'produce,build',
        useDateLimit: 50,
        greenArea: null,
        engineeringId: '4',
      },
      emptyValues('estimate'),
    );
    expect(v.buildType).toEqual(['公共建筑', '办公建筑', '商务办公']);
    expect(v.userId).toEqual(['2', '5']);
    expect(v.menus).toEqual(['produce', 'build']);
    expect(v.useDateLimit).toBe('50');
    expect(v.greenArea).toBe('');
    expect(v.engineeringId).toBe(4);
  });

  it('runtimeType: accounting starts by accounting type (2), keeps a stored 1; estimate sends none', () => {
    expect(toPayload('accounting', filled()).runtimeType).toBe('2');
    expect(fromRecord({ runtimeType: '1' }, emptyValues('accounting')).runtimeType).toBe('1');
    expect(fromRecord({ runtimeType: null }, emptyValues('accounting')).runtimeType).toBe('2');
    expect(toPayload('accounting', { ...filled(), runtimeType: '1' }).runtimeType).toBe('1');
    expect(toPayload('estimate', emptyValues('estimate'))).not.toHaveProperty('runtimeType');
    expect(validateBuilding({ ...toPayload('accounting', filled()), runtimeType: '3' })).toHaveProperty('runtimeType');
  });

  it('which building the form edits: ?id, a create link, else the module’s current building', () => {
    expect(resolveBuildingId('estimate', new URLSearchParams('id=9'))).toBe(9);
    expect(resolveBuildingId('estimate', new URLSearchParams(''))).toBeUndefined();
    setCurrentBuilding({ id: 7, name: 'x', computeMethod: 'estimate', menus: 'produce' });
    expect(resolveBuildingId('estimate', new URLSearchParams(''))).toBe(7);
    expect(resolveBuildingId('budget', new URLSearchParams(''))).toBeUndefined();
    expect(resolveBuildingId('estimate', new URLSearchParams('engineeringId=5'))).toBeUndefined();
    expect(resolveBuildingId('estimate', new URLSearchParams('create=1'))).toBeUndefined();
  });

  it('leafPaths lists every leaf of the buildType tree as its label path', () => {
    expect(
      leafPaths([
        {
          value: 'a',
          label: '甲',
          children: [
            { value: 'b', label: '乙' },
            { value: 'c', label: '丙', children: [{ value: 'd', label: '丁' }] },
          ],
        },
        { value: 'e', label: '戊' },
      ]),
    ).toEqual([['甲', '乙'], ['甲', '丙', '丁'], ['戊']]);
  });
});
