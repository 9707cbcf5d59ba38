// A density saved with the tenant's mapping of a volume-only material comes back with the saved proposal (已保存,
// its source): the row opens confirmed with it and sends it with the mapping; 修改密度 asks again with the saved
// value prefilled, and the changed one is checked by the server and sent instead. Fixture: fzk-haus.ifc's
// Leichtbeton (54.4811 m³) on a per-t factor, density 1.95 t/m³ saved: 54.4811 × 1.95 = 106.238145 t.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BimMaterial, BimSuggestion } from '../../src/client/bim/bimApi';
import {
  canConfirm,
  importMappings,
  initialRows,
  withCheck,
  withChoice,
  withDensityEdit,
  factorChoice,
} from '../../src/client/bim/mapping';
import { ok } from './fakeApi';
import { BIM, bimBuilding, bimServer, mappingRow, preflightOf } from './bimFake';
import { renderApp } from './renderApp';
// the lazy pages these tests open, loaded with the file rather than inside the first test's time limit
import '../../src/client/bim/BimPage';

const SOURCE = '按 GB 50009-2012 附录A 表A 第6项 粉煤灰陶砾混凝土 19.5 kN/m³（轻骨料混凝土默认值，D，用户已确认）';
const NAME = 'Leichtbeton 102890359';

const saved: BimSuggestion = {
  factorId: 501,
  name: '预制混凝土（C40/50，不含钢筋）',
  label: '预制混凝土（C40/50，不含钢筋）',
  unit: 't',
  factorValue: 178,
  coUnit: 'kgCO2e/t',
  confidence: 1,
  reasons: ['本单位已确认的映射'],
  saved: true,
  quantity: 106.238145,
  basis: '体积×密度',
  error: null,
  density: { value: 1.95, source: SOURCE, saved: true },
};
const MATERIAL: BimMaterial = {
  name: NAME,
  elements: 13,
  volume: 54.4811,
  area: 190.4655,
  weight: 0,
  fromGeometry: 0,
  density: null,
  family: '轻骨料混凝土',
  matchNote: null,
  suggestions: [saved],
  densityDefault: {
    value: 1.95,
    source: '按 GB 50009-2012 附录A 表A 第6项 粉煤灰陶砾混凝土 19.5 kN/m³',
    verification: 'D',
    note: '',
    label: '轻骨料混凝土',
  },
};

describe('the saved density in the mapping rules', () => {
  it('a saved proposal with its density opens confirmed and sends the density; 修改密度 asks again', () => {
    const [row] = initialRows([MATERIAL]);
    expect(row).toMatchObject({
      confirmed: true,
      density: 1.95,
      densitySource: SOURCE,
      needsDensity: null,
      quantity: 106.238145,
    });
    expect(importMappings([row])).toEqual([{ ifcMaterial: NAME, factorId: 501, density: 1.95 }]);
    const editing = withDensityEdit(row);
    expect(editing).toMatchObject({
      confirmed: false,
      density: 1.95,
      needsDensity: `请确认或修改「${NAME}」的密度(t/m³)`,
    });
    expect(canConfirm(editing)).toBe(false);
    expect(importMappings([editing])).toEqual([]);
  });

  it('a factor picked from the library takes the saved density the check answers with', () => {
    const [row] = initialRows([MATERIAL]);
    const picked = withChoice(
      row,
      factorChoice({ id: 502, name: '混凝土砌块（轻骨料）', unit: 't' } as Parameters<typeof factorChoice>[0]),
    );
    expect(picked).toMatchObject({ checking: true, density: null });
    // 54.4811 m³ × 1.95 t/m³ = 106.238145 t
    const checked = withCheck(picked, 502, {
      quantity: 106.238145,
      unit: 't',
      basis: '体积×密度',
      density: { value: 1.95, source: SOURCE, saved: true },
    });
    expect(checked).toMatchObject({ confirmed: true, density: 1.95, densitySource: SOURCE });
    expect(importMappings([checked])).toEqual([{ ifcMaterial: NAME, factorId: 502, density: 1.95 }]);
  });
});

const BUILDING = bimBuilding();

describe('/bim mapping: a saved density', () => {
  it('is shown with its source, used unless changed; a changed one is checked and imported', async () => {
    const { calls } = bimServer(() => preflightOf({ materials: [MATERIAL] }), {
      extra: (c) => {
        const p = c.url.pathname;
        // 54.4811 m³ × 1.8 t/m³ = 98.06598 t
        if (p === `${BIM}/7/check`) return ok({ quantity: 98.06598, unit: 't', basis: '体积×密度' });
        if (p === `${BIM}/import`)
          return ok({ rows: 1, transRows: 0, skipped: [], result: { ...BUILDING, total: 17 }, warnings: [] });
        return undefined;
      },
    });
    renderApp('/bim?id=11&job=7');
    await screen.findByText('材料映射');
    const row = () => mappingRow(NAME);
    expect(within(row()).getByText('106.24')).toBeInTheDocument();
    expect(within(row()).getByText(`按体积×密度（密度 1.95 t/m³，已保存：${SOURCE}）`)).toBeInTheDocument();
    expect(within(row()).getByRole('checkbox', { name: `确认 ${NAME}` })).toBeChecked();
    expect(screen.queryByRole('group', { name: `${NAME} 密度` })).toBeNull();

    fireEvent.click(within(row()).getByRole('button', { name: '修改密度' }));
    const prompt = screen.getByRole('group', { name: `${NAME} 密度` });
    const input = within(prompt).getByRole('textbox', { name: `${NAME} 密度(t/m³)` });
    expect(input).toHaveValue('1.95');
    expect(within(row()).getByRole('checkbox', { name: `确认 ${NAME}` })).not.toBeChecked();
    fireEvent.change(input, { target: { value: '1.8' } });
    fireEvent.click(within(prompt).getByRole('button', { name: '确认密度' }));
    await waitFor(() => expect(within(row()).getByText('98.07')).toBeInTheDocument());
    expect(calls.find((c) => c.url.pathname === `${BIM}/7/check`)!.body).toEqual({
      ifcMaterial: NAME,
      factorId: 501,
      density: 1.8,
    });
    expect(within(row()).getByText('按体积×密度（密度 1.8 t/m³，已确认）')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: '导入' }));
    expect(await screen.findByText('导入成功，生成 1 条建材生产数据')).toBeInTheDocument();
    expect(calls.find((c) => c.url.pathname === `${BIM}/import`)!.body).toMatchObject({
      mappings: [{ ifcMaterial: NAME, factorId: 501, density: 1.8 }],
    });
  });
});
