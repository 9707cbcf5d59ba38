// Long work as jobs: an import or a calculation answering `{ job }` shows 已处理 {done} / {total} 行
// while GET sys/v1/job/{id} is polled every 500 ms; done → as the direct answer (message, refresh), failed → as a
// direct failure (message, 导入失败 with the rows); 后台运行 closes the dialog and stops polling. The server side
// is faked here, answering in the job API's shapes.
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { JOB_POLL_MS, type Job } from '../../src/client/jobs/jobApi';
import { formatCount, JobProgress, progressText } from '../../src/client/jobs/JobProgress';
import { setToken } from '../../src/client/providers/tokenStorage';
import { setCurrentBuilding } from '../../src/client/session/currentBuilding';
import { fail, groupAdmin, ok, plainUser, stubFetch, type Call } from './fakeApi';
import { renderApp } from './renderApp';
import { fakeClock, passTime } from './clock';
// the lazy pages these tests open, loaded with the file rather than inside the first test's time limit
import '../../src/client/admin/SchemaList';
import '../../src/client/stages/StagePage';

type Extra = (c: Call) => ReturnType<Parameters<typeof stubFetch>[0]>;

const JOB = '/api/sys/v1/job/';
const FACTORS = '/api/tpf/v1/tpf/tpf3BuildMaterial/';
const STAGE = '/api/tpf/v1/tpf/stage';

const job = (over: Partial<Job> = {}): Job => ({
  id: 5,
  kind: 'import',
  title: '导入 因子库 — data.xlsx',
  state: 'running',
  done: 1000,
  total: 80000,
  result: null,
  message: null,
  errors: null,
  createDate: '2026-01-02T03:04:05Z',
  updateDate: '2026-01-02T03:04:05Z',
  ...over,
});

/** The job the fake server holds; the test moves it on. */
function jobServer(first: Job) {
  let current = first;
  const answer: Extra = (c) => (c.url.pathname === `${JOB}${current.id}` ? ok(current) : undefined);
  return { answer, set: (over: Partial<Job>) => (current = { ...current, ...over }) };
}

const jobReads = (calls: Call[]) => calls.filter((c) => c.url.pathname.startsWith(JOB)).length;
/** No job read for well over two poll intervals (on the fake clock each test here starts: they pass at once). */
async function expectNoMorePolling(calls: Call[]) {
  const before = jobReads(calls);
  await passTime(2 * JOB_POLL_MS + 300);
  expect(jobReads(calls)).toBe(before);
}

// the pause between two job reads is a timeout: on the fake clock (running as usual) a test can let it pass at once
beforeEach(() => fakeClock());

const xlsx = () =>
  new File([new Uint8Array(10)], 'data.xlsx', {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
const choose = (resource: string) =>
  fireEvent.change(screen.getByTestId(`import-file-${resource}`), { target: { files: [xlsx()] } });

describe('<JobProgress>', () => {
  it('says 已处理 {done} / {total} 行 with thousands separators; determinate once the total is known', () => {
    expect(formatCount(12000)).toBe('12,000');
    expect(progressText({ done: 1000, total: 80000 })).toBe('已处理 1,000 / 80,000 行');
    const view = render(<JobProgress job={{ done: 12000, total: 80000 }} prefix="正在计算… " />);
    expect(screen.getByText('正在计算… 已处理 12,000 / 80,000 行')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '15');
    view.rerender(<JobProgress job={{ done: 0, total: null }} />);
    expect(screen.getByText('已处理 0 行')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).not.toHaveAttribute('aria-valuenow');
  });
});

describe('导入 as a job', () => {
  async function openDivisor(upload: Extra, more?: Extra) {
    setToken('tok', false);
    const fake = stubFetch((c) => {
      const p = c.url.pathname;
      if (p === `${FACTORS}fileUpload`) return upload(c);
      const answer = more?.(c);
      if (answer) return answer;
      if (p === '/api/sys/v1/sys/sysUser/currentUser') return ok(groupAdmin);
      if (p === FACTORS)
        return ok({ dataList: [{ id: 1, type: '建材', name: '普通碳钢', unit: 't', materialCo: 2.05 }], total: 1 });
      if (p.startsWith('/api/sys/v1/sys/sysDict/dropDown/')) return ok({});
      return fail(404, '很抱歉，资源未找到!');
    });
    renderApp('/divisor');
    await screen.findByText('普通碳钢');
    return fake;
  }
  const listReads = (calls: Call[]) => calls.filter((c) => c.url.pathname === FACTORS && c.method === 'GET').length;
  const countReads = (calls: Call[]) =>
    calls.filter((c) => c.url.pathname.startsWith('/api/sys/v1/sys/sysNotify/count/')).length;

  it('a direct answer is unchanged: 上传文件成功 at once, no progress, no job read', async () => {
    const { calls } = await openDivisor(() => ok({ count: 3 }));
    const before = listReads(calls);
    choose('tpf3BuildMaterial');
    expect(await screen.findByText('上传文件成功')).toBeInTheDocument();
    await waitFor(() => expect(listReads(calls)).toBeGreaterThan(before));
    expect(screen.queryByRole('button', { name: '后台运行' })).toBeNull();
    expect(jobReads(calls)).toBe(0);
  });

  it('a job answer shows the progress, polls it, and on done says 上传文件成功 and refreshes the list', async () => {
    const server = jobServer(job());
    const { calls } = await openDivisor(() => ok({ job: job() }), server.answer);
    const before = listReads(calls);
    choose('tpf3BuildMaterial');
    const dialog = await screen.findByRole('dialog', { name: '导入 因子库 — data.xlsx' });
    expect(within(dialog).getByText('已处理 1,000 / 80,000 行')).toBeInTheDocument();
    expect(within(dialog).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '1');
    server.set({ done: 40000 });
    expect(await within(dialog).findByText('已处理 40,000 / 80,000 行')).toBeInTheDocument();
    const read = calls.find((c) => c.url.pathname === `${JOB}5`)!;
    expect(read.method).toBe('GET');
    expect(read.headers.get('Access-Token')).toBe('tok');
    expect(screen.queryByText('上传文件成功')).toBeNull();
    expect(listReads(calls)).toBe(before);

    const counted = countReads(calls);
    server.set({ state: 'done', done: 80000, result: { count: 80000 } });
    expect(await screen.findByText('上传文件成功')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '导入 因子库 — data.xlsx' })).toBeNull());
    await waitFor(() => expect(listReads(calls)).toBeGreaterThan(before));
    await waitFor(() => expect(countReads(calls)).toBeGreaterThan(counted)); // the bell reads the new notification
    expect(screen.getByRole('button', { name: '导入' })).toBeEnabled();
    await expectNoMorePolling(calls);
  });

  it('a failed job shows its first error and lists every bad row in 导入失败, as a code-2 answer does', async () => {
    const problems = [
      { field: '第3行 名称', errorMsg: '请输入名称' },
      { field: '第9000行 碳排放因子', errorMsg: '碳排放因子应当是数字' },
    ];
    const server = jobServer(job());
    const { calls } = await openDivisor(() => ok({ job: job() }), server.answer);
    choose('tpf3BuildMaterial');
    await screen.findByText('已处理 1,000 / 80,000 行');
    server.set({ state: 'failed', done: 9000, message: '导入数据校验失败', errors: problems });
    expect(await screen.findByText('第3行 名称 请输入名称')).toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: '导入失败' });
    for (const p of problems)
      expect(within(within(dialog).getByText(p.errorMsg).closest('tr')!).getByText(p.field)).toBeInTheDocument();
    expect(within(dialog).getByText(/导入数据校验失败，共 2 处错误/)).toBeInTheDocument();
    expect(screen.queryByText('上传文件成功')).toBeNull();
    await expectNoMorePolling(calls);
  });

  it('a failed job without field errors shows its message', async () => {
    const server = jobServer(job());
    await openDivisor(() => ok({ job: job() }), server.answer);
    choose('tpf3BuildMaterial');
    await screen.findByText('已处理 1,000 / 80,000 行');
    server.set({ state: 'failed', message: '文件格式不正确，请使用导入模板' });
    expect(await screen.findByText('文件格式不正确，请使用导入模板')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: '导入失败' })).toBeNull();
  });

  it('后台运行 closes the dialog and stops polling; the user can go on (导入 is free again)', async () => {
    const server = jobServer(job());
    const { calls } = await openDivisor(() => ok({ job: job() }), server.answer);
    choose('tpf3BuildMaterial');
    const dialog = await screen.findByRole('dialog', { name: '导入 因子库 — data.xlsx' });
    await waitFor(() => expect(jobReads(calls)).toBeGreaterThan(0));
    fireEvent.click(within(dialog).getByRole('button', { name: '后台运行' }));
    expect(await screen.findByText('导入已转入后台运行，完成后将在消息通知中提醒')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '导入 因子库 — data.xlsx' })).toBeNull());
    expect(screen.getByRole('button', { name: '导入' })).toBeEnabled();
    server.set({ state: 'done', done: 80000, result: { count: 80000 } });
    await expectNoMorePolling(calls);
    expect(screen.queryByText('上传文件成功')).toBeNull();
  });
});

describe('stage 计算 and import as jobs', () => {
  const building = { id: 7, name: '七号楼', computeMethod: 'budget', standard: 'GB', menus: 'produce,trans' };
  const rows = [
    { id: 1, projectId: 7, materialName: 'C30混凝土', unit: 'm3', quantity: 3000, factorValue: 295, emission: 885000 },
  ];
  const calcJob = (over: Partial<Job> = {}) => job({ id: 8, kind: 'calculate', title: '计算 七号楼', ...over });
  const direct = { stage: { code: 'produce', total: 885000, rowCount: 80000, notes: [] }, result: building };

  function openStage(calculate: Extra, more?: Extra) {
    setToken('tok', false);
    setCurrentBuilding(building);
    const fake = stubFetch((c) => {
      const p = c.url.pathname;
      if (p === `${STAGE}/produce/calculate`) return calculate(c);
      const answer = more?.(c);
      if (answer) return answer;
      if (p.endsWith('currentUser')) return ok(plainUser);
      if (p === '/api/tpf/v1/tpf/tpf3ProjectV/7') return ok({ ...building, stageMethods: {} });
      if (p === `${STAGE}/data`) return ok({});
      if (p === `${STAGE}/produce/` && c.method === 'GET') return ok({ dataList: rows, total: rows.length });
      if (c.method === 'DELETE') return ok(null);
      return ok({ dataList: [], total: 0 });
    });
    renderApp('/budget/produce');
    return fake;
  }
  const rowReads = (calls: Call[]) =>
    calls.filter((c) => c.url.pathname === `${STAGE}/produce/` && c.method === 'GET').length;

  it('计算 answering a job: 正在计算… 已处理 1,000 / 80,000 行, then 计算成功! and the rows read again', async () => {
    const server = jobServer(calcJob());
    const { calls } = openStage(() => ok({ job: calcJob() }), server.answer);
    await screen.findByText('C30混凝土');
    const before = rowReads(calls);
    fireEvent.click(screen.getByRole('button', { name: '计算' }));
    const dialog = await screen.findByRole('dialog', { name: '计算 七号楼' });
    expect(within(dialog).getByText('正在计算… 已处理 1,000 / 80,000 行')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('正在保存, 请稍候...')).not.toBeVisible()); // the mask gives way to the progress
    await waitFor(() => expect(jobReads(calls)).toBeGreaterThan(0));
    expect(screen.queryByText('计算成功!')).toBeNull();
    server.set({ state: 'done', done: 80000, result: direct });
    expect(await screen.findByText('计算成功!')).toBeInTheDocument();
    await waitFor(() => expect(rowReads(calls)).toBeGreaterThan(before));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '计算 七号楼' })).toBeNull());
    expect(window.location.pathname).toBe('/budget/produce');
  });

  it('a failed calculation job shows its message and 下一步 stays on the stage', async () => {
    const server = jobServer(calcJob());
    openStage(() => ok({ job: calcJob() }), server.answer);
    await screen.findByText('C30混凝土');
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    await screen.findByText('正在计算… 已处理 1,000 / 80,000 行');
    server.set({ state: 'failed', message: '服务器错误!' });
    expect(await screen.findByText('服务器错误!')).toBeInTheDocument();
    expect(screen.queryByText('计算成功!')).toBeNull();
    expect(window.location.pathname).toBe('/budget/produce');
  });

  it('后台运行 during 下一步: the dialog closes, polling stops and the wizard goes on', async () => {
    const server = jobServer(calcJob());
    const { calls } = openStage(() => ok({ job: calcJob() }), server.answer);
    await screen.findByText('C30混凝土');
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    const dialog = await screen.findByRole('dialog', { name: '计算 七号楼' });
    fireEvent.click(within(dialog).getByRole('button', { name: '后台运行' }));
    expect(await screen.findByText('计算已转入后台运行，稍后刷新即可查看结果')).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/budget/trans'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '计算 七号楼' })).toBeNull());
    await expectNoMorePolling(calls);
    expect(screen.queryByText('计算成功!')).toBeNull();
  });

  it('an import job on the stage: on done 上传文件成功, then the stage is calculated (inline progress) and re-read', async () => {
    const importJob = job({ id: 6, title: '导入 建材生产 — data.xlsx' });
    const imports = jobServer(importJob);
    const calc = jobServer(calcJob({ done: 0, total: null }));
    const { calls } = openStage(
      () => ok({ job: calcJob({ done: 0, total: null }) }),
      (c) => {
        if (c.url.pathname === `${STAGE}/produce/fileUpload`) return ok({ job: importJob });
        return imports.answer(c) ?? calc.answer(c);
      },
    );
    await screen.findByText('C30混凝土');
    choose('stageProduce');
    const dialog = await screen.findByRole('dialog', { name: '导入 建材生产 — data.xlsx' });
    expect(within(dialog).getByText('已处理 1,000 / 80,000 行')).toBeInTheDocument();
    expect(
      (calls.find((c) => c.url.pathname === `${STAGE}/produce/fileUpload`)!.body as FormData).get('projectId'),
    ).toBe('7');
    imports.set({ state: 'done', done: 80000, result: { count: 80000 } });
    expect(await screen.findByText('上传文件成功')).toBeInTheDocument();
    // the quiet recalculation answers a job too: its progress shows above the table, the dialog is gone
    const table = screen.getByTestId('stage-table');
    expect(await within(table).findByText('正在计算… 已处理 0 行')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '导入 建材生产 — data.xlsx' })).toBeNull());
    calc.set({ done: 20000, total: 80000 });
    expect(await within(table).findByText('正在计算… 已处理 20,000 / 80,000 行')).toBeInTheDocument();
    const before = rowReads(calls);
    calc.set({ state: 'done', done: 80000, total: 80000, result: direct });
    await waitFor(() => expect(within(table).queryByText(/正在计算…/)).toBeNull());
    await waitFor(() => expect(rowReads(calls)).toBeGreaterThan(before));
    await expectNoMorePolling(calls);
  });
});
