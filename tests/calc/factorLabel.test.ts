// The Chinese labels of factor-library rows (src/calc/factorLabel.ts): every seeded row gets one
// without a raw dataset code, grid rows name the province / region / nation and the year, the value is the one a
// stage row keeps, and the building's province comes first.
import { describe, expect, it } from 'vitest';
import {
  factorCategory,
  factorLabel,
  factorRowName,
  factorSearchText,
  provinceFirst,
  provinceFull,
  provinceShort,
  type LabelledFactor,
} from '../../src/calc/factorLabel';
import { loadSeedFactors } from '../../src/server/db/seed/factors';

const grid = (name: string, spec: string, v: number, source = ''): LabelledFactor => ({
  type: '能源',
  smallType: '电力',
  name,
  spec,
  unit: 'kWh',
  materialCo: v,
  coUnit: 'kgCO2/kWh',
  source,
});

describe('grid electricity', () => {
  it('province, region, nation and the year of the dataset', () => {
    expect(factorLabel(grid('江苏', 'MEE_NBS_2023_province', 0.5827))).toBe(
      '江苏省 2023 年电网平均排放因子 0.5827 kgCO2/kWh',
    );
    expect(factorLabel(grid('上海', 'MEE_NBS_2023_province', 0.5737))).toBe(
      '上海市 2023 年电网平均排放因子 0.5737 kgCO2/kWh',
    );
    expect(factorLabel(grid('广西', 'MEE_NBS_2023_province', 0.4476))).toBe(
      '广西壮族自治区 2023 年电网平均排放因子 0.4476 kgCO2/kWh',
    );
    expect(factorLabel(grid('全国', 'MEE_NBS_2023', 0.5306))).toBe('全国 2023 年电网平均排放因子 0.5306 kgCO2/kWh');
    expect(factorLabel(grid('华东', 'MEE_NBS_2023', 0.55))).toBe('华东区域电网 2023 年平均排放因子 0.5500 kgCO2/kWh');
    expect(factorLabel(grid('华东', '2012_regional_average', 0.7035))).toBe(
      '华东区域电网 2012 年平均排放因子 0.7035 kgCO2/kWh',
    );
  });

  it('a dataset without a year in its code takes the year and the notice from its source', () => {
    expect(
      factorLabel(
        grid('全国', 'MEE_national', 0.581, '生态环境部 enterprise-reporting national grid factor (2022 notice)'),
      ),
    ).toBe('全国电网平均排放因子（生态环境部 2022 年发布） 0.5810 kgCO2/kWh');
    expect(
      factorLabel(grid('全国', 'MEE_national', 0.5703, '生态环境部 2022年度全国电网平均排放因子 (2023 notice)')),
    ).toBe('全国 2022 年度电网平均排放因子（生态环境部 2023 年发布） 0.5703 kgCO2/kWh');
  });

  it('baseline factors say what they are for', () => {
    expect(factorLabel(grid('华北', '2019_OM_baseline', 0.9419))).toBe(
      '华北区域电网 2019 年基准线排放因子（OM，仅用于减排项目） 0.9419 kgCO2/kWh',
    );
  });

  it('the search text carries 电力 and the row name is 电力', () => {
    const js = grid('江苏', 'MEE_NBS_2023_province', 0.5827);
    expect(factorSearchText(js)).toBe('江苏省 2023 年电网平均排放因子 0.5827 kgCO2/kWh｜能源·电力');
    expect(factorRowName(js)).toBe('电力');
  });
});

describe('other rows', () => {
  it('fuels, materials, transport, sinks and refrigerants', () => {
    expect(
      factorLabel({
        type: '能源',
        smallType: '化石燃料',
        name: '天然气',
        unit: 'm3',
        materialCo: 2.162,
        coUnit: 'kgCO2/m3',
      }),
    ).toBe('天然气 2.1620 kgCO2/m3');
    // a tCO2/TJ factor is shown as the row keeps it: kgCO2/TJ
    expect(
      factorLabel({
        type: '能源',
        smallType: '化石燃料',
        name: '无烟煤',
        unit: 'TJ',
        materialCo: 94.44,
        coUnit: 'tCO2/TJ',
      }),
    ).toBe('无烟煤 94,440.0000 kgCO2/TJ');
    expect(
      factorLabel({
        type: '建材',
        smallType: '混凝土',
        name: 'C30混凝土',
        unit: 'm3',
        materialCo: 295,
        coUnit: 'kgCO2e/m3',
      }),
    ).toBe('C30混凝土 295.0000 kgCO2e/m3');
    expect(
      factorLabel({
        type: '运输',
        smallType: '公路运输',
        name: '重型柴油货车运输',
        spec: '18t',
        materialCo: 0.129,
        coUnit: 'kgCO2e/(t·km)',
      }),
    ).toBe('重型柴油货车运输（载重 18t） 0.1290 kgCO2e/(t·km)');
    const sink = {
      type: '碳汇',
      smallType: 'TW_2020s_Gi_table1',
      name: '闊葉大喬木',
      materialCo: 1.5,
      coUnit: 'kgCO2/(m²·a)',
    };
    expect(factorLabel(sink)).toBe('闊葉大喬木［绿化 Gi 值方案］ 1.5000 kgCO2/(m²·a)');
    expect(factorCategory(sink)).toBe('碳汇·绿化 Gi 值方案');
    expect(
      factorLabel({ type: '制冷剂', smallType: 'GWP', name: 'R410A', materialCo: 2088, coUnit: 'kgCO2e/kg' }),
    ).toBe('R410A 制冷剂 2,088.0000 kgCO2e/kg');
    expect(factorLabel({ type: '建材', name: '自定义', materialCo: null, coUnit: '' })).toBe('自定义 无因子值');
  });

  it('every seeded row: Chinese, no dataset code, unique among the grid rows', () => {
    const rows = loadSeedFactors();
    const labels = rows.map(factorSearchText);
    expect(labels.filter((l) => /[A-Za-z0-9]+_[A-Za-z0-9]+/.test(l))).toEqual([]);
    expect(labels.every((l) => /[\u4e00-\u9fff]/.test(l))).toBe(true);
    const gridLabels = rows.filter((r) => r.smallType === '电力').map(factorLabel);
    expect(new Set(gridLabels).size).toBe(gridLabels.length);
    expect(labels.filter((l) => l.includes('电力')).length).toBeGreaterThanOrEqual(54);
  });
});

describe('the building’s province first', () => {
  it('provinces by short and full name', () => {
    expect(provinceShort('江苏省')).toBe('江苏');
    expect(provinceShort('新疆维吾尔自治区')).toBe('新疆');
    expect(provinceFull('重庆')).toBe('重庆市');
    expect(provinceFull('江苏省')).toBe('江苏省');
  });

  it('rows whose label starts with the province come first, the rest keep their order', () => {
    const list = [
      grid('全国', 'MEE_NBS_2023', 0.5306),
      grid('浙江', 'MEE_NBS_2023_province', 0.4974),
      grid('江苏', 'MEE_NBS_2023_province', 0.5827),
    ];
    expect(provinceFirst(list, '江苏省').map((f) => f.name)).toEqual(['江苏', '全国', '浙江']);
    expect(provinceFirst(list, '江苏').map((f) => f.name)).toEqual(['江苏', '全国', '浙江']);
    expect(provinceFirst(list, undefined).map((f) => f.name)).toEqual(['全国', '浙江', '江苏']);
  });
});
