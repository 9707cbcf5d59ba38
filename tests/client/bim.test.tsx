// BIM import on the client: the mapping rules (which rows come
// confirmed, what POST bim/import receives), the mirror of the upload limits, and the page /bim?id= against a
// fake server — upload, a failed parse, the pre-flight report, a pick checked by the server, the import.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { getCurrentBuilding } from '../../src/client/session/currentBuilding';
import type { BimMaterial, Preflight } from '../../src/client/bim/bimApi';
import { BIM_MAX_BYTES, BIM_FILE_MSG, checkModelFile } from '../../src/client/bim/bimFile';
import {
  canConfirm,
  confidenceText,
  importMappings,
  initialRows,
  withCheck,
  withChoice,
  withConfirmed,
} from '../../src/client/bim/mapping';
import { fail, ok, type Handler } from './fakeApi';
import { BIM, bimBuilding, bimServer, mappingRow, mat, preflightOf, sug } from './bimFake';
import { renderApp } from './renderApp';
// the lazy pages these tests open, loaded with the file rather than inside the first test's time limit
import '../../src/client/bim/BimPage';
import '../../src/client/stages/StagePage';

const JOB = '/api/sys/v1/job/';

const MATERIALS: BimMaterial[] = [
  mat('C30混凝土', [
    sug({ factorId: 101, label: 'C30混凝土', confidence: 0.92, reasons: ['名称相同', '单位匹配'], quantity: 12.5 }),
  ]),
  mat('加气块', [sug({ factorId: 102, label: '蒸压加气混凝土砌块', confidence: 0.41, saved: true, quantity: 8 })]),
  mat('涂料X', [
    sug({
      factorId: 103,
      label: '外墙涂料',
      confidence: 0.55,
      unit: 't',
      quantity: null,
      basis: null,
      error: '「涂料X」没有质量或体积，不能对应单位为「t」的因子',
    }),
  ]),
  mat('钢筋HRB400', [
    sug({ factorId: 104, label: '热轧带肋钢筋', confidence: 0.6, unit: 't', quantity: 2.4, basis: '体积×密度' }),
  ]),
  mat('未命名', []),
];

describe('mapping rules', () => {
  it('a saved mapping or confidence ≥ 0.8 comes chosen and confirmed; weaker, refused or missing suggestions are not chosen', () => {
    const rows = initialRows(MATERIALS);
    expect(rows.map((r) => r.confirmed)).toEqual([true, true, false, false, false]);
    // nothing below the matcher's threshold is preselected (it stays offered in the picker)
    expect(rows.map((r) => r.choice?.factorId ?? null)).toEqual([101, 102, null, null, null]);
    expect(rows[2].error).toBeNull();
    expect(canConfirm(rows[2])).toBe(false);
    expect(canConfirm(rows[4])).toBe(false);
    expect(confidenceText(0.923)).toBe('匹配度 92%');
  });

  it('only confirmed rows go to the import, by factorId; the box cannot confirm a refused or unmapped row', () => {
    let rows = initialRows(MATERIALS);
    expect(importMappings(rows)).toEqual([
      { ifcMaterial: 'C30混凝土', factorId: 101 },
      { ifcMaterial: '加气块', factorId: 102 },
    ]);
    rows = rows.map((r, i) => (i === 0 ? withConfirmed(r, false) : withConfirmed(r, true)));
    // 钢筋HRB400's 0.6 suggestion is not chosen: the box alone cannot confirm it; picking it does
    expect(rows.map((r) => r.confirmed)).toEqual([false, true, false, false, false]);
    rows[3] = withChoice(rows[3], { factorId: 104, label: '热轧带肋钢筋', unit: 't' });
    expect(importMappings(rows)).toEqual([
      { ifcMaterial: '加气块', factorId: 102 },
      { ifcMaterial: '钢筋HRB400', factorId: 104 },
    ]);
  });

  it('a library pick waits for the check: accepted → confirmed with its quantity, refused → the reason and not imported', () => {
    const [row] = initialRows([MATERIALS[4]]);
    const picked = withChoice(row, { factorId: 200, label: '普通硅酸盐水泥', unit: 't' });
    expect(picked).toMatchObject({ checking: true, confirmed: false, quantity: null });
    expect(importMappings([picked])).toEqual([]);
    // an answer for an earlier pick is ignored
    expect(withCheck(picked, 199, { quantity: 1, unit: 't', basis: '质量' })).toBe(picked);
    const ok_ = withCheck(picked, 200, { quantity: 3.2, unit: 't', basis: '体积×密度' });
    expect(ok_).toMatchObject({ checking: false, confirmed: true, quantity: 3.2, basis: '体积×密度', error: null });
    expect(importMappings([ok_])).toEqual([{ ifcMaterial: '未命名', factorId: 200 }]);
    const refused = withCheck(picked, 200, { error: '「未命名」没有面积' });
    expect(refused).toMatchObject({ confirmed: false, error: '「未命名」没有面积' });
    expect(importMappings([withConfirmed(refused, true)])).toEqual([]);
    // choosing one of the row's suggestions takes its quantity at once and confirms it; clearing unmaps
    const [weak] = initialRows([MATERIALS[3]]);
    expect(withChoice(weak, { factorId: 104, label: '热轧带肋钢筋', unit: 't' })).toMatchObject({
      confirmed: true,
      quantity: 2.4,
      checking: false,
    });
    expect(withChoice(weak, null)).toMatchObject({ choice: null, confirmed: false });
  });
});

describe('upload limits (client mirror)', () => {
  it('takes .ifc and .ifczip up to 200 MB, refuses other extensions, bigger and empty files', () => {
    expect(checkModelFile({ name: 'A.IFC', size: 1000 })).toBeNull();
    expect(checkModelFile({ name: 'model.ifczip', size: BIM_MAX_BYTES })).toBeNull();
    expect(checkModelFile({ name: 'model.ifc', size: BIM_MAX_BYTES + 1 })).toBe('文件大小不能超过 200 MB');
    expect(checkModelFile({ name: 'model.rvt', size: 10 })).toBe(BIM_FILE_MSG.badExtension);
    expect(checkModelFile({ name: 'model.ifc.txt', size: 10 })).toBe(BIM_FILE_MSG.badExtension);
    expect(checkModelFile({ name: 'model.ifc', size: 0 })).toBe(BIM_FILE_MSG.empty);
    expect(BIM_FILE_MSG.limit).toBe('支持 IFC2X3 / IFC4 格式的 .ifc 或 .ifczip 文件，大小不超过 200 MB');
  });
});

// ---- the page against a fake server ---------------------------------------------------------------------------

const BUILDING = bimBuilding('produce,trans,runtime');

const preflight = (pageNum = 1, problems = 0): Preflight =>
  preflightOf({
    fileName: 'office.ifc',
    schema: 'IFC4',
    units: { length: '毫米(mm)', area: '平方米(m²)', volume: '立方米(m³)', mass: '千克(kg)' },
    counts: {
      elements: 120,
      withoutMaterial: 3,
      withoutQuantity: 0,
      unknownUnits: 0,
      duplicateGlobalIds: 1,
      fromGeometry: 0,
      materials: 5,
      review: 0,
    },
    groups: [
      { storey: '1F', ifcType: 'IfcWall', typeTitle: '墙', count: 10, volume: 12.345, area: 40, weight: 0 },
      { storey: '1F', ifcType: 'IfcSlab', typeTitle: '楼板', count: 2, volume: 30, area: 150, weight: 0 },
    ],
    problems: {
      total: problems,
      pageNum,
      pageSize: 10,
      list: problems
        ? [
            {
              globalId: `G${pageNum}`,
              name: `墙-${pageNum}`,
              ifcType: 'IfcWall',
              typeTitle: '墙',
              storey: '1F',
              kind: 'noMaterial',
              message: '构件未关联材料',
              materials: [],
            },
          ]
        : [],
    },
    materials: MATERIALS,
    notes: [{ text: 'NetVolume 在同一数量集中出现两次（立方毫米与立方米），取与几何体积一致的立方米值', elements: 12 }],
    floorArea: { value: 150, basis: '楼板（FLOOR）面积之和' },
  });

const api = (extra?: Handler, problems = 0) =>
  bimServer((url) => preflight(Number(url.searchParams.get('pageNum')), problems), { extra, building: BUILDING });

const rowOf = mappingRow;

describe('/bim page', () => {
  it('shows the pre-flight report: counts with problems highlighted, units, groups, 暂无数据 without problems', async () => {
    api();
    renderApp('/bim?id=11&job=7');
    expect(await screen.findByText('预检报告')).toBeInTheDocument();
    expect(screen.getByTestId('bim-building')).toHaveTextContent('一号楼');
    expect(screen.getByText('概预算')).toBeInTheDocument();
    expect(screen.getByTestId('bim-count-withoutMaterial')).toHaveAttribute('data-alert', 'true');
    expect(screen.getByTestId('bim-count-duplicateGlobalIds')).toHaveAttribute('data-alert', 'true');
    expect(screen.getByTestId('bim-count-withoutQuantity')).not.toHaveAttribute('data-alert');
    expect(screen.getByTestId('bim-count-elements')).toHaveTextContent('120');
    expect(screen.getByTestId('bim-units')).toHaveTextContent('长度单位 毫米(mm)');
    const groups = screen.getByRole('table', { name: '构件分组' });
    expect(within(groups).getByText('12.35')).toBeInTheDocument();
    expect(within(groups).getByText('合计')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: '问题清单' })).getByText('暂无数据')).toBeInTheDocument();
    expect(screen.getByText('匹配度 92%')).toBeInTheDocument();
    expect(screen.getAllByText('已保存').length).toBeGreaterThan(0);
    // 涂料X's refused 0.55 suggestion is offered, not chosen: no reason under the row until it is picked
    expect(screen.queryByText(/「涂料X」没有质量或体积/)).toBeNull();
  });

  it('pages the problems through the server', async () => {
    const { calls } = api(undefined, 25);
    renderApp('/bim?id=11&job=7');
    expect(await screen.findByText('G1')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /下一页|next page/i }));
    expect(await screen.findByText('G2')).toBeInTheDocument();
    const pages = calls.filter((c) => c.url.pathname === `${BIM}/7`).map((c) => c.url.searchParams.get('pageNum'));
    expect(pages).toEqual(expect.arrayContaining(['1', '2']));
  });

  it('imports only the confirmed rows by factorId, a pick checked by the server; then links to 建材生产 and the result', async () => {
    const { calls } = api((c) => {
      const p = c.url.pathname;
      if (p === '/api/tpf/v1/tpf/tpf3BuildMaterial/')
        return ok({
          dataList: [{ id: 300, type: '建材', name: '普通硅酸盐水泥', unit: 't', materialCo: 735, coUnit: 'kgCO2e/t' }],
          total: 1,
        });
      if (p === `${BIM}/7/check`) return ok({ quantity: 3.5, unit: 't', basis: '体积×密度' });
      if (p === `${BIM}/import`)
        return ok({
          rows: 3,
          transRows: 0,
          skipped: ['涂料X', '钢筋HRB400'],
          result: { ...BUILDING, total: 12 },
          warnings: ['钢筋HRB400 未导入'],
        });
      return undefined;
    });
    renderApp('/bim?id=11&job=7');
    await screen.findByText('材料映射');
    // 未命名 has no suggestion: pick a library factor, the server checks its quantity
    const input = within(rowOf('未命名')).getByRole('combobox');
    fireEvent.change(input, { target: { value: '水泥' } });
    fireEvent.click(await screen.findByRole('option', { name: /普通硅酸盐水泥/ }));
    await waitFor(() => expect(within(rowOf('未命名')).getByText('3.50')).toBeInTheDocument());
    const check = calls.find((c) => c.url.pathname === `${BIM}/7/check`)!;
    expect(check.body).toEqual({ ifcMaterial: '未命名', factorId: 300 });
    expect(within(rowOf('未命名')).getByRole('checkbox', { name: '确认 未命名' })).toBeChecked();
    // 涂料X is refused: it cannot be confirmed; 加气块 (saved) is unticked by the user
    expect(within(rowOf('涂料X')).getByRole('checkbox')).toBeDisabled();
    fireEvent.click(within(rowOf('加气块')).getByRole('checkbox', { name: '确认 加气块' }));
    expect(screen.getByTestId('bim-mapping-count')).toHaveTextContent('已确认 2 / 5 种材料');

    fireEvent.click(screen.getByRole('button', { name: '导入' }));
    expect(await screen.findByText('导入成功，生成 3 条建材生产数据')).toBeInTheDocument();
    const sent = calls.find((c) => c.url.pathname === `${BIM}/import`)!;
    expect(sent.method).toBe('POST');
    expect(sent.body).toEqual({
      jobId: 7,
      projectId: 11,
      mode: 'append',
      mappings: [
        { ifcMaterial: 'C30混凝土', factorId: 101 },
        { ifcMaterial: '未命名', factorId: 300 },
      ],
    });
    expect(screen.getByText(/未导入的材料.*涂料X、钢筋HRB400/)).toBeInTheDocument();
    expect(screen.getByText('钢筋HRB400 未导入')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '查看计算结果' })).toHaveAttribute('href', '/budget/result');
    fireEvent.click(screen.getByRole('link', { name: '查看建材生产' }));
    await waitFor(() => expect(window.location.pathname).toBe('/budget/produce'));
    expect(getCurrentBuilding()).toMatchObject({ id: 11, computeMethod: 'budget' });
  });

  it('materials with problems of the plausibility review are imported only after a confirmation naming them', async () => {
    const flagged = MATERIALS.map((m) => (m.name === 'C30混凝土' ? { ...m, review: 2 } : m));
    const { calls } = api((c) => {
      const p = c.url.pathname;
      if (p === `${BIM}/7` && c.method === 'GET') {
        const job = {
          id: 7,
          kind: 'bim',
          title: '解析 office.ifc',
          state: 'done',
          done: 120,
          total: 120,
          result: { jobId: 7 },
          message: null,
          errors: null,
        };
        return ok({ job, model: { ...preflight(), counts: { ...preflight().counts, review: 2 }, materials: flagged } });
      }
      if (p === `${BIM}/import`)
        return ok({ rows: 2, transRows: 0, skipped: [], result: { ...BUILDING, total: 12 }, warnings: [] });
      return undefined;
    });
    renderApp('/bim?id=11&job=7');
    await screen.findByText('材料映射');
    expect(screen.getByTestId('bim-count-review')).toHaveAttribute('data-alert', 'true');
    expect(screen.getByTestId('bim-notes')).toHaveTextContent('取与几何体积一致的立方米值（12 个构件）');
    expect(screen.getByTestId('bim-floor-area')).toHaveTextContent('楼面面积 150.00 m²（楼板（FLOOR）面积之和）');
    fireEvent.click(screen.getByRole('button', { name: '导入' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('所选材料有 2 个待确认的问题（「C30混凝土」2 个）');
    expect(calls.some((c) => c.url.pathname === `${BIM}/import`)).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('导入成功，生成 2 条建材生产数据')).toBeInTheDocument();
    expect(calls.find((c) => c.url.pathname === `${BIM}/import`)!.body).toMatchObject({
      confirmProblems: true,
      mappings: expect.arrayContaining([{ ifcMaterial: 'C30混凝土', factorId: 101 }]),
    });
  });

  it('upload: a wrong extension or an oversize file is said at once and not sent; a good one is posted and its report shown', async () => {
    const { calls } = api((c) => (c.url.pathname === `${BIM}/fileUpload` ? ok({ jobId: 7 }) : undefined));
    renderApp('/bim?id=11');
    expect(await screen.findByText(BIM_FILE_MSG.limit)).toBeInTheDocument();
    const input = screen.getByLabelText('选择IFC模型文件');
    fireEvent.change(input, { target: { files: [new File(['x'], 'model.rvt')] } });
    expect(await screen.findByText(BIM_FILE_MSG.badExtension)).toBeInTheDocument();
    const big = new File(['x'], 'big.ifc');
    Object.defineProperty(big, 'size', { value: BIM_MAX_BYTES + 1 });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText('文件大小不能超过 200 MB')).toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname === `${BIM}/fileUpload`)).toBe(false);

    fireEvent.change(input, { target: { files: [new File(['ISO-10303-21;'], 'office.ifc')] } });
    expect(await screen.findByText('预检报告')).toBeInTheDocument();
    const up = calls.find((c) => c.url.pathname === `${BIM}/fileUpload`)!;
    expect(up.method).toBe('POST');
    const form = up.body as FormData;
    expect(form.get('projectId')).toBe('11');
    expect((form.get('file') as File).name).toBe('office.ifc');
    expect(new URLSearchParams(window.location.search).get('job')).toBe('7');
  });

  it('a parse job that fails shows its Chinese message; a refused upload shows the server message; another file can be picked', async () => {
    let polled = 0;
    api((c) => {
      const p = c.url.pathname;
      if (p === `${BIM}/fileUpload`) {
        const name = ((c.body as FormData).get('file') as File).name;
        if (name === 'bad.ifc') return fail(400, '文件不是 IFC 格式（缺少 ISO-10303-21 文件头）');
        return ok({
          job: {
            id: 9,
            kind: 'bim',
            title: '解析',
            state: 'running',
            done: 0,
            total: null,
            result: null,
            message: null,
            errors: null,
          },
        });
      }
      if (p === `${JOB}9`) {
        polled++;
        return ok({
          id: 9,
          kind: 'bim',
          title: '解析',
          state: 'failed',
          done: 0,
          total: 10,
          result: null,
          message: '模型中没有可识别的建筑构件',
          errors: null,
        });
      }
      return undefined;
    });
    renderApp('/bim?id=11');
    const input = await screen.findByLabelText('选择IFC模型文件');
    fireEvent.change(input, { target: { files: [new File(['x'], 'bad.ifc')] } });
    expect(await screen.findByText('文件不是 IFC 格式（缺少 ISO-10303-21 文件头）')).toBeInTheDocument();
    fireEvent.change(input, { target: { files: [new File(['x'], 'empty.ifc')] } });
    expect(await screen.findByText('模型中没有可识别的建筑构件')).toBeInTheDocument();
    expect(polled).toBe(1);
    expect(screen.getByRole('button', { name: '选择文件' })).toBeEnabled();
    expect(screen.queryByText('预检报告')).toBeNull();
  });

  it('an estimate building is refused; without id the picker offers 概预算 and 核算 buildings only', async () => {
    const { calls } = api((c) => {
      const p = c.url.pathname;
      if (p === '/api/tpf/v1/tpf/tpf3ProjectV/12')
        return ok({ ...BUILDING, id: 12, name: '估算楼', computeMethod: 'estimate' });
      if (p === '/api/tpf/v1/tpf/tpf3ProjectV/') {
        const m = c.url.searchParams.get('computeMethod');
        return ok({
          dataList:
            m === 'budget' ? [BUILDING] : [{ ...BUILDING, id: 13, name: '核算楼', computeMethod: 'accounting' }],
          total: 1,
        });
      }
      return undefined;
    });
    const view = renderApp('/bim?id=12');
    expect(await screen.findByText('估算模块不支持BIM模型导入')).toBeInTheDocument();
    expect(screen.queryByLabelText('选择IFC模型文件')).toBeNull();
    view.unmount();

    renderApp('/bim');
    expect(await screen.findByText('核算楼')).toBeInTheDocument();
    const methods = calls
      .filter((c) => c.url.pathname === '/api/tpf/v1/tpf/tpf3ProjectV/')
      .map((c) => c.url.searchParams.get('computeMethod'));
    expect(new Set(methods)).toEqual(new Set(['budget', 'accounting']));
    const links = screen.getAllByRole('link', { name: '导入模型' }).map((a) => a.getAttribute('href'));
    expect(links).toEqual(['/bim?id=11', '/bim?id=13']);
  });
});
