// The mapping page's proposals for a material of a known family and the density asked for in place: a family's
// best proposal comes chosen but unticked below the matcher's threshold; a per-t factor on a volume-only material
// asks for a density in the row with the family's default (value, source, mark) prefilled, which the user confirms
// or edits; the confirmed density is checked by the server and sent with the mapping. Fixture: fzk-haus.ifc's
// Leichtbeton (54.4811 m³) and Stahlbeton (24 m³) as the server reports them.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BimMaterial, BimSuggestion, DensityDefault, Preflight } from '../../src/client/bim/bimApi';
import {
  canConfirm,
  densityProblem,
  importMappings,
  initialRows,
  withCheck,
  withConfirmed,
  withDensity,
} from '../../src/client/bim/mapping';
import { ok, type Handler } from './fakeApi';
import { BIM, bimBuilding, bimServer, mappingRow, mat as bimMat, preflightOf, sug } from './bimFake';
import { renderApp } from './renderApp';
// the lazy pages these tests open, loaded with the file rather than inside the first test's time limit
import '../../src/client/bim/BimPage';

const LIGHT_DEFAULT: DensityDefault = {
  value: 1.95,
  source: '按 GB 50009-2012 附录A 表A 第6项 粉煤灰陶砾混凝土 19.5 kN/m³',
  verification: 'D',
  note: '轻骨料混凝土密度相差很大，请按产品核对',
  label: '轻骨料混凝土',
};
const NEEDS =
  '「Leichtbeton 102890359」只有体积，对应单位为「t」的因子需要「Leichtbeton 102890359」的密度(t/m³)，请填写或确认密度';

// (fzk-haus's materials: one element each, 24 m³ and 120 m² unless told)
const mat = (name: string, suggestions: BimSuggestion[], over: Partial<BimMaterial> = {}) =>
  bimMat(name, suggestions, { elements: 1, volume: 24, area: 120, ...over });

const MATERIALS: BimMaterial[] = [
  mat(
    'Leichtbeton 102890359',
    [
      sug({
        factorId: 501,
        label: '轻骨料混凝土',
        unit: 't',
        confidence: 0.6,
        quantity: null,
        basis: null,
        error: NEEDS,
        needsDensity: true,
      }),
    ],
    {
      elements: 13,
      volume: 54.4811,
      family: '轻骨料混凝土',
      densityDefault: LIGHT_DEFAULT,
    },
  ),
  mat(
    'Stahlbeton 65690',
    [
      sug({ factorId: 101, label: 'C30混凝土', confidence: 0.75, quantity: 24 }),
      sug({ factorId: 102, label: 'C50混凝土', confidence: 0.75, quantity: 24 }),
    ],
    { family: '混凝土' },
  ),
  mat('Solid', [sug({ factorId: 900, label: '某材料', confidence: 0.3 })]),
];

describe('a family’s proposal and a density asked for in place', () => {
  it('a material of a known family comes with its family’s proposal chosen, unticked below the threshold', () => {
    const rows = initialRows(MATERIALS);
    expect(rows.map((r) => r.choice?.factorId ?? null)).toEqual([501, 101, null]);
    expect(rows.map((r) => r.confirmed)).toEqual([false, false, false]);
    // Stahlbeton: its quantity known, the user may tick it
    expect(canConfirm(rows[1])).toBe(true);
    expect(importMappings([withConfirmed(rows[1], true)])).toEqual([
      { ifcMaterial: 'Stahlbeton 65690', factorId: 101 },
    ]);
    // Leichtbeton: no error, a density asked for; it cannot be ticked before one is confirmed
    expect(rows[0]).toMatchObject({ error: null, needsDensity: NEEDS, density: null });
    expect(canConfirm(withConfirmed(rows[0], true))).toBe(false);
  });

  it('a confirmed density is checked by the server, then the row is confirmed and the mapping carries it', () => {
    const [row] = initialRows(MATERIALS);
    const asked = withDensity(row, 1.95);
    expect(asked).toMatchObject({ density: 1.95, needsDensity: null, checking: true, confirmed: false });
    // 54.4811 m³ × 1.95 t/m³ = 106.238145 t
    const checked = withCheck(asked, 501, { quantity: 106.238145, unit: 't', basis: '体积×密度' });
    expect(checked).toMatchObject({ confirmed: true, quantity: 106.238145 });
    expect(importMappings([checked])).toEqual([{ ifcMaterial: 'Leichtbeton 102890359', factorId: 501, density: 1.95 }]);
    // the server may still ask (a check without density)
    expect(withCheck(row, 501, { quantity: null, unit: 't', basis: null, needsDensity: NEEDS })).toMatchObject({
      needsDensity: NEEDS,
      confirmed: false,
    });
  });

  it('a typed density is a number over 0 and up to 25 t/m³', () => {
    expect(['1.95', ' 0.75 ', '25'].map(densityProblem)).toEqual([null, null, null]);
    expect(['', 'abc', '0', '-1', '26'].map(densityProblem)).toEqual([
      '密度(t/m³)应为数字',
      '密度(t/m³)应为数字',
      '密度(t/m³)应大于 0',
      '密度(t/m³)应大于 0',
      '密度(t/m³)不应大于 25',
    ]);
  });
});

// ---- the page against a fake server ---------------------------------------------------------------------------

const BUILDING = bimBuilding();

const preflight = (): Preflight =>
  preflightOf({
    counts: {
      elements: 78,
      withoutMaterial: 0,
      withoutQuantity: 0,
      unknownUnits: 0,
      duplicateGlobalIds: 0,
      fromGeometry: 0,
      materials: 3,
      review: 0,
    },
    materials: MATERIALS,
  });

const api = (extra?: Handler) => bimServer(preflight, { extra, building: BUILDING });

const rowOf = mappingRow;

describe('/bim mapping: fzk-haus', () => {
  it('Leichtbeton asks for its density with the family default prefilled; confirmed, it is imported with it', async () => {
    const { calls } = api((c) => {
      if (c.url.pathname === `${BIM}/7/check`) return ok({ quantity: 106.238145, unit: 't', basis: '体积×密度' });
      if (c.url.pathname === `${BIM}/import`)
        return ok({ rows: 2, transRows: 0, skipped: ['Solid'], result: { ...BUILDING, total: 12 }, warnings: [] });
      return undefined;
    });
    renderApp('/bim?id=11&job=7');
    await screen.findByText('材料映射');
    // both families' proposals are chosen, neither ticked
    expect(within(rowOf('Stahlbeton 65690')).getByRole('combobox')).toHaveValue('C30混凝土');
    expect(
      within(rowOf('Stahlbeton 65690')).getByRole('checkbox', { name: '确认 Stahlbeton 65690' }),
    ).not.toBeChecked();
    expect(within(rowOf('Leichtbeton 102890359')).getByRole('combobox')).toHaveValue('轻骨料混凝土');
    expect(within(rowOf('Leichtbeton 102890359')).getByRole('checkbox')).toBeDisabled();

    const prompt = screen.getByRole('group', { name: 'Leichtbeton 102890359 密度' });
    expect(within(prompt).getByText(NEEDS)).toBeInTheDocument();
    const input = within(prompt).getByRole('textbox', { name: 'Leichtbeton 102890359 密度(t/m³)' });
    expect(input).toHaveValue('1.95');
    expect(
      within(prompt).getByText(
        /默认值（轻骨料混凝土）1\.95 t\/m³：按 GB 50009-2012 附录A 表A 第6项 粉煤灰陶砾混凝土 19\.5 kN\/m³，D 推导值，请按产品核对后确认/,
      ),
    ).toBeInTheDocument();
    // a wrong value is said and cannot be confirmed; the default, put back, can
    fireEvent.change(input, { target: { value: '0' } });
    expect(within(prompt).getByText('密度(t/m³)应大于 0')).toBeInTheDocument();
    expect(within(prompt).getByRole('button', { name: '确认密度' })).toBeDisabled();
    fireEvent.change(input, { target: { value: '1.95' } });
    fireEvent.click(within(prompt).getByRole('button', { name: '确认密度' }));

    await waitFor(() => expect(within(rowOf('Leichtbeton 102890359')).getByText('106.24')).toBeInTheDocument());
    expect(calls.find((c) => c.url.pathname === `${BIM}/7/check`)!.body).toEqual({
      ifcMaterial: 'Leichtbeton 102890359',
      factorId: 501,
      density: 1.95,
    });
    expect(
      within(rowOf('Leichtbeton 102890359')).getByText('按体积×密度（密度 1.95 t/m³，已确认）'),
    ).toBeInTheDocument();
    expect(within(rowOf('Leichtbeton 102890359')).getByRole('checkbox')).toBeChecked();
    expect(screen.queryByRole('group', { name: 'Leichtbeton 102890359 密度' })).toBeNull();

    fireEvent.click(within(rowOf('Stahlbeton 65690')).getByRole('checkbox', { name: '确认 Stahlbeton 65690' }));
    fireEvent.click(screen.getByRole('button', { name: '导入' }));
    expect(await screen.findByText('导入成功，生成 2 条建材生产数据')).toBeInTheDocument();
    expect(calls.find((c) => c.url.pathname === `${BIM}/import`)!.body).toMatchObject({
      mappings: [
        { ifcMaterial: 'Leichtbeton 102890359', factorId: 501, density: 1.95 },
        { ifcMaterial: 'Stahlbeton 65690', factorId: 101 },
      ],
    });
  });
});
