// EPD on screen: 导入EPD on the factor library's list for those who may write it; the import page's pre-flight (read
// fields, modules in EN 15804 order, 未读到, refusals that disable 导入) and the import landing on the factor's page,
// whose 「EPD 数据」 panel shows the same data with 已过期 past its validity; a stage row's notices in orange; the result
// page's EN 15978 模块 table with 未计算, the 合计 and D outside it.
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { EpdData } from '../../schemas/epd';
import { setToken } from '../../src/client/providers/tokenStorage';
import { fail, groupAdmin, ok, plainUser, stubFetch, type Call } from './fakeApi';
import { renderApp } from './renderApp';
// the lazy pages these tests open, loaded with the file rather than inside the first test's time limit
import '../../src/client/admin/SchemaList';
import '../../src/client/admin/SchemaEdit';
import '../../src/client/admin/form/SchemaForm';
import '../../src/client/factors/epd/EpdImportPage';
import '../../src/client/factors/epd/EpdPanel';

const LIB = '/api/tpf/v1/tpf/tpf3BuildMaterial';
const epd: EpdData = {
  format: 'openEpd',
  productName: '测试混凝土',
  manufacturer: '测试建材',
  declaredAmount: 1,
  declaredUnit: 'm3',
  massPerUnit: 2400,
  density: null,
  thickness: null,
  standard: 'EN 15804+A2',
  indicator: 'gwp（EF 3.1）',
  indicatorUnit: 'kgCO2e',
  modules: [
    { module: 'D', scenario: null, value: -20 },
    { module: 'C1', scenario: null, value: 2 },
    { module: 'A1-A3', scenario: null, value: 300 },
    { module: 'A4', scenario: '运至南京', value: 12.345 },
  ],
  a1a3: 300,
  a1a3From: 'declared',
  pcr: 'PCR 混凝土',
  registrationNo: 'EPD-T-1',
  operator: '测试平台',
  issued: '2024-01-01',
  validUntil: '2099-12-31',
  referenceYear: 2023,
  files: ['concrete.json'],
};
const factor = {
  type: '建材',
  name: '测试混凝土',
  unit: 'm3',
  materialCo: 300,
  coUnit: 'kgCO2e/m3',
  density: 2400,
  densityUnit: 'kg/m3',
  densitySource: 'EPD 每声明单位质量',
  pieceSize: null,
  quality: 'epd',
  epdNo: 'EPD-T-1',
  source: 'EPD：测试平台',
};
const record = { id: 9, ...factor, epd, createDate: '2026-01-01T00:00:00Z' };

function api(user: object, extra?: (c: Call) => ReturnType<Parameters<typeof stubFetch>[0]>) {
  return stubFetch((c) => {
    const answer = extra?.(c);
    if (answer) return answer;
    const p = c.url.pathname;
    if (p.endsWith('currentUser')) return ok(user);
    if (p === `${LIB}/`) return ok({ dataList: [record], total: 1 });
    if (p === `${LIB}/9`) return ok(record);
    if (p.startsWith('/api/sys/v1/sys/sysDict/dropDown/')) return ok({});
    return ok({ dataList: [], total: 0 });
  });
}

beforeEach(() => setToken('tok', false));

describe('导入EPD', () => {
  it('is on the library list for those who may write it, not for a reader', async () => {
    api(groupAdmin);
    const view = renderApp('/divisor');
    expect(await screen.findByRole('link', { name: '导入EPD' })).toHaveAttribute('href', '/divisor/epd');
    view.unmount();
    api(plainUser);
    renderApp('/divisor');
    await screen.findByText('测试混凝土');
    expect(screen.queryByRole('link', { name: '导入EPD' })).toBeNull();
  });

  it('pre-flight: read fields and modules in order; refusals disable 导入', async () => {
    const check = { reading: { data: epd, missing: ['厚度'], notes: ['按 EN 15804+A2 读取'] }, factor, refusals: [] };
    const { calls } = api(groupAdmin, (c) => (c.url.pathname === `${LIB}/epd/preflight` ? ok(check) : undefined));
    renderApp('/divisor/epd');
    expect(await screen.findByRole('heading', { level: 1, name: '导入EPD' })).toBeInTheDocument();
    const file = new File(['{}'], 'concrete.json', { type: 'application/json' });
    fireEvent.change(screen.getByLabelText('EPD 文件'), { target: { files: [file] } });
    const report = await screen.findByTestId('epd-preflight');
    const sent = calls.find((c) => c.url.pathname === `${LIB}/epd/preflight`)!;
    expect((sent.body as FormData).getAll('file').map((f) => (f as File).name)).toEqual(['concrete.json']);
    expect(within(report).getByTestId('epd-field-声明单位')).toHaveTextContent(/^1 m3$/);
    expect(within(report).getByTestId('epd-field-A1–A3 GWP')).toHaveTextContent('300.00 kgCO2e / 1 m3（声明值）');
    expect(within(report).getByTestId('epd-field-标准与指标')).toHaveTextContent('EN 15804+A2 的 GWP-total');
    expect(within(report).getByTestId('epd-field-厚度(m)')).toHaveTextContent('未注明');
    const rows = within(within(report).getByRole('table', { name: 'EPD 各模块的 GWP' })).getAllByRole('row');
    expect(rows.slice(1).map((r) => r.textContent)).toEqual([
      'A1–A3—300.00',
      'A4运至南京12.345',
      'C1—2.00',
      'D—-20.00',
    ]);
    expect(within(report).getByTestId('epd-missing')).toHaveTextContent('未读到：厚度');
    expect(within(report).getByTestId('epd-factor-数据质量')).toHaveTextContent('EPD（产品专用）');
    expect(within(report).getByTestId('epd-factor-密度')).toHaveTextContent('2,400.00 kg/m3（EPD 每声明单位质量）');
    expect(screen.getByRole('button', { name: '导入' })).toBeEnabled();
  });

  it('an expired EPD: the refusal in red, 已过期, 导入 disabled', async () => {
    const old = { ...epd, validUntil: '2013-12-31' };
    const refusals = ['EPD 有效期已于 2013-12-31 结束：过期的 EPD 不能作为因子导入'];
    api(groupAdmin, (c) =>
      c.url.pathname === `${LIB}/epd/preflight`
        ? ok({ reading: { data: old, missing: [], notes: [] }, factor: null, refusals })
        : undefined,
    );
    renderApp('/divisor/epd');
    const file = new File(['a: 1'], 'old.yaml');
    fireEvent.change(await screen.findByLabelText('EPD 文件'), { target: { files: [file] } });
    expect(await screen.findByTestId('epd-refusals')).toHaveTextContent(refusals[0]);
    expect(screen.getByTestId('epd-expired')).toHaveTextContent('已过期');
    expect(screen.getByRole('button', { name: '导入' })).toBeDisabled();
  });

  it('a file of another kind is refused before sending; the server’s message is shown as it comes', async () => {
    api(groupAdmin, (c) =>
      c.url.pathname === `${LIB}/epd/preflight` ? fail(400, '文件「a.json」不是 EPD 数据集') : undefined,
    );
    renderApp('/divisor/epd');
    const input = await screen.findByLabelText('EPD 文件');
    fireEvent.change(input, { target: { files: [new File(['x'], 'a.pdf')] } });
    expect(await screen.findByTestId('epd-upload-error')).toHaveTextContent('文件「a.pdf」的格式不支持');
    fireEvent.change(input, { target: { files: [new File(['{}'], 'a.json')] } });
    await waitFor(() => expect(screen.getByTestId('epd-upload-error')).toHaveTextContent('不是 EPD 数据集'));
  });

  it('导入 sends the files and 小类, says the server’s message and opens the factor with its EPD data', async () => {
    const check = { reading: { data: epd, missing: [], notes: [] }, factor, refusals: [] };
    const { calls } = api(groupAdmin, (c) => {
      if (c.url.pathname === `${LIB}/epd/preflight`) return ok(check);
      if (c.url.pathname === `${LIB}/epd/import`)
        return { status: 200, body: { code: 1, message: 'EPD 已导入为因子', data: record } };
      return undefined;
    });
    renderApp('/divisor/epd');
    fireEvent.change(await screen.findByLabelText('EPD 文件'), {
      target: { files: [new File(['{}'], 'concrete.json')] },
    });
    await screen.findByTestId('epd-preflight');
    fireEvent.change(screen.getByLabelText('小类'), { target: { value: '混凝土' } });
    fireEvent.click(screen.getByRole('button', { name: '导入' }));
    expect(await screen.findByText('EPD 已导入为因子')).toBeInTheDocument();
    const sent = calls.find((c) => c.url.pathname === `${LIB}/epd/import`)!.body as FormData;
    expect(sent.get('smallType')).toBe('混凝土');
    await waitFor(() => expect(window.location.pathname).toBe('/divisor/9'));
    const panel = await screen.findByTestId('epd-panel', {}, { timeout: 5000 });
    expect(within(panel).getByRole('heading', { name: 'EPD 数据' })).toBeInTheDocument();
    expect(within(panel).getByTestId('epd-field-注册编号')).toHaveTextContent('EPD-T-1');
    expect(within(panel).queryByTestId('epd-expired')).toBeNull();
  });
});

describe('a factor imported from an EPD', () => {
  it('its page shows 已过期 once the validity has passed', async () => {
    const expired = { ...record, epd: { ...epd, validUntil: '2020-01-01' } };
    api(groupAdmin, (c) => (c.url.pathname === `${LIB}/9` ? ok(expired) : undefined));
    renderApp('/divisor/9');
    const panel = await screen.findByTestId('epd-panel', {}, { timeout: 5000 });
    expect(within(panel).getAllByTestId('epd-expired')[0]).toHaveTextContent('已过期');
  });

  it('a factor without an EPD has no panel', async () => {
    const plain = { ...record, epd: null, quality: 'standard' };
    api(groupAdmin, (c) => (c.url.pathname === `${LIB}/9` ? ok(plain) : undefined));
    renderApp('/divisor/9');
    await screen.findByRole('heading', { name: /编辑/ });
    expect(screen.queryByTestId('epd-panel')).toBeNull();
  });
});
