// 校审 on the client against a fake server: 待我校审 (/review), a revision's page (/review?id=) — its chain,
// a submission that waits for a reason per flag and sends them, a signer's return with a comment on a row and a
// signature, a comment's resolution — and the frozen building's stage page (read only, its comments beside the rows).
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReviewAnswer, WaitingBuilding } from '../../schemas/review';
import { clearToken, setToken } from '../../src/client/providers/tokenStorage';
import { fail, groupAdmin, ok, plainUser, stubFetch, superAdmin, type Handler } from './fakeApi';
import { atWidth } from './viewport';
import { stubShell } from './shellFake';
import { renderApp } from './renderApp';
// the lazy pages these tests open, loaded with the file rather than inside the first test's time limit
import '../../src/client/review/ReviewPage';
import '../../src/client/review/VerifyPage';

const R = '/api/tpf/v1/tpf/review';
const person = (id: number, name: string) => ({ id, name });

function answer(over: Partial<ReviewAnswer> = {}): ReviewAnswer {
  return {
    projectId: 5,
    name: '一号楼',
    revision: 'A',
    revisionOf: null,
    state: 'draft',
    reportNo: null,
    report: null,
    drawing: null,
    chain: [
      { level: 'calc', title: '计算', role: '计算人', people: [person(2, '张三')], signedAt: null },
      { level: 'check', title: '校对', role: '校对人', people: [person(7, '王校对')], signedAt: null },
      { level: 'review', title: '审核', role: '审核人', people: [person(8, '赵审核')], signedAt: null },
      { level: 'approve', title: '审定', role: '审定人', people: [person(9, '钱审定')], signedAt: null },
    ],
    flags: ['钢材用量 8.33 kg/m² 低于参考范围 30.00–75.00 kg/m²'],
    events: [],
    comments: [],
    can: {
      submit: true,
      approve: false,
      return: false,
      resolve: true,
      revise: false,
      withdraw: false,
      reassign: false,
    },
    ...over,
  };
}

function api(review: () => ReviewAnswer, extra?: Handler, user: object = plainUser) {
  setToken('tok', false);
  return stubShell({
    user,
    extra: (c) => {
      const hit = extra?.(c);
      if (hit) return hit;
      if (c.url.pathname === `${R}/5` && c.method === 'GET') return ok(review());
      if (c.url.pathname === `${R}/5/audit`) return ok({ entries: [], total: 0, areas: [] });
      if (c.url.pathname.startsWith(R) && c.method === 'POST') return ok(null);
      if (c.url.pathname === '/api/tpf/v1/tpf/tpf3ProjectV/5')
        return ok({
          id: 5,
          name: '一号楼',
          computeMethod: 'budget',
          menus: 'produce,trans',
          reviewState: review().state,
        });
      if (c.url.pathname === '/api/tpf/v1/tpf/stage/produce/')
        return ok({
          dataList: [
            { id: 31, materialName: '钢材' },
            { id: 32, materialName: '水泥' },
          ],
          total: 2,
        });
      return undefined;
    },
  });
}

describe('/review', () => {
  it('待我校审 lists what waits for the caller, each opening its page', async () => {
    const waiting: WaitingBuilding[] = [
      {
        id: 5,
        name: '一号楼',
        engineeringName: '示例项目',
        computeMethod: 'budget',
        revision: 'A',
        state: 'check',
        role: '校对人',
        submittedAt: '2026-11-27T03:00:00Z',
      },
    ];
    api(answer, (c) => (c.url.pathname === `${R}/mine` ? ok(waiting) : undefined));
    renderApp('/review');
    const row = await screen.findByTestId('review-waiting-row');
    expect(row).toHaveTextContent('一号楼示例项目A待校对校对人');
    expect(within(row).getByRole('link', { name: '一号楼' })).toHaveAttribute('href', '/review?id=5');
  });

  it('待我校审 on a phone: a line per building, no table scrolled inside its card', async () => {
    await atWidth(390, async () => {
      const waiting: WaitingBuilding[] = [
        {
          id: 5,
          name: '一号楼',
          engineeringName: '示例项目',
          computeMethod: 'budget',
          revision: 'A',
          state: 'check',
          role: '校对人',
          submittedAt: '2026-11-27T03:00:00Z',
        },
      ];
      api(answer, (c) => (c.url.pathname === `${R}/mine` ? ok(waiting) : undefined));
      renderApp('/review');
      const row = await screen.findByTestId('review-waiting-row');
      expect(screen.queryByRole('table', { name: '待我校审' })).toBeNull();
      expect(row).toHaveTextContent('所属项目：示例项目');
      expect(row).toHaveTextContent('修订版 A · 我的职责：校对人');
      expect(row).toHaveTextContent('待校对');
      expect(within(row).getByRole('link', { name: '一号楼' })).toHaveAttribute('href', '/review?id=5');
    });
  });

  it('a submission waits for a reason for each flag and sends them', async () => {
    const { calls } = api(answer);
    renderApp('/review?id=5');
    expect(await screen.findByRole('heading', { name: '校审 — 一号楼' })).toBeInTheDocument();
    expect(screen.getByTestId('review-level-check')).toHaveTextContent('校对人王校对未签署');
    const send = screen.getByRole('button', { name: '提交校审' });
    expect(send).toBeDisabled();
    fireEvent.change(screen.getByLabelText('说明：钢材用量 8.33 kg/m² 低于参考范围 30.00–75.00 kg/m²'), {
      target: { value: '钢结构以外的材料未计入' },
    });
    expect(send).toBeEnabled();
    fireEvent.click(send);
    await waitFor(() => expect(calls.some((c) => c.url.pathname === `${R}/submit`)).toBe(true));
    expect(calls.find((c) => c.url.pathname === `${R}/submit`)!.body).toEqual({
      projectId: 5,
      acknowledgements: [
        { text: '钢材用量 8.33 kg/m² 低于参考范围 30.00–75.00 kg/m²', reason: '钢结构以外的材料未计入' },
      ],
    });
  });

  it('the signer returns it with a comment on a row, or signs it', async () => {
    const signer = { ...plainUser, userId: 7, name: '王校对' };
    const { calls } = api(
      () =>
        answer({
          state: 'check',
          flags: [],
          can: {
            submit: false,
            approve: true,
            return: true,
            resolve: false,
            revise: false,
            withdraw: false,
            reassign: false,
          },
        }),
      undefined,
      signer,
    );
    renderApp('/review?id=5');
    fireEvent.click(await screen.findByRole('button', { name: '退回' }));
    const dialog = await screen.findByRole('dialog', { name: '退回并提出意见' });
    expect(within(dialog).getByRole('button', { name: '请至少填写一条意见' })).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText(/意见 1/), { target: { value: '钢材用量与计算书不符' } });
    fireEvent.mouseDown(within(dialog).getByLabelText('针对'));
    fireEvent.click(await screen.findByRole('option', { name: '建材生产' }));
    fireEvent.mouseDown(await within(dialog).findByLabelText('数据行'));
    fireEvent.click(await screen.findByRole('option', { name: '第 1 行 钢材' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '退回' }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === `${R}/return`)).toBe(true));
    expect(calls.find((c) => c.url.pathname === `${R}/return`)!.body).toEqual({
      projectId: 5,
      comments: [{ content: '钢材用量与计算书不符', stage: 'produce', rowId: 31 }],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(await screen.findByRole('button', { name: '签署' }));
    await waitFor(() => expect(calls.find((c) => c.url.pathname === `${R}/approve`)?.body).toEqual({ projectId: 5 }));
  });

  it('计算人 resolves a comment with a note; its author may close it', async () => {
    const comment = {
      id: 41,
      stage: 'produce',
      rowId: 31,
      where: '建材生产 第 1 行 钢材',
      content: '钢材用量与计算书不符',
      level: 'check' as const,
      author: person(7, '王校对'),
      status: 'open' as const,
      resolveNote: null,
      resolvedBy: null,
      resolvedAt: null,
      closedAt: null,
      createDate: '2026-11-27T03:00:00Z',
    };
    const { calls } = api(() => answer({ comments: [comment] }));
    renderApp('/review?id=5');
    const item = await screen.findByTestId('review-comment');
    expect(item).toHaveTextContent('未处理');
    expect(item).toHaveTextContent('建材生产 第 1 行 钢材');
    expect(within(item).queryByRole('button', { name: '关闭' })).toBeNull(); // (not the author)
    fireEvent.change(within(item).getByLabelText('处理说明'), { target: { value: '已改为 120 t' } });
    fireEvent.click(within(item).getByRole('button', { name: '处理' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.pathname === `${R}/comment/41/resolve`)?.body).toEqual({ note: '已改为 120 t' }),
    );
  });
});

describe('the frozen report and its verify page', () => {
  const signed = { level: 'calc', signedAt: '2026-11-27T03:00:00Z' };
  const sha = 'ab'.repeat(32);

  it('an 已审定 revision shows its report number and hash, and hands out the stored PDF', async () => {
    const approved = () =>
      answer({
        state: 'approved',
        reportNo: 'demo-2026-0001',
        report: {
          reportNo: 'demo-2026-0001',
          revision: 'A',
          sha256: sha,
          verifyPath: '/verify/demo-2026-0001?c=Code-0123456789',
          createdAt: '2026-11-27T03:10:00Z',
        },
        chain: answer().chain.map((c) => ({ ...c, signedAt: signed.signedAt })),
        flags: [],
        can: {
          submit: false,
          approve: false,
          return: false,
          resolve: false,
          revise: true,
          withdraw: false,
          reassign: false,
        },
      });
    const { calls } = api(approved, (c) =>
      c.url.pathname === `${R}/5/report` ? ok('/upload/abc?token=t') : undefined,
    );
    renderApp('/review?id=5');
    const card = await screen.findByTestId('frozen-report');
    expect(card).toHaveTextContent('报告编号demo-2026-0001');
    expect(within(card).getByTestId('frozen-sha256')).toHaveTextContent(sha);
    // the full link with the report's check code
    expect(
      within(card).getByRole('link', { name: `${window.location.origin}/verify/demo-2026-0001?c=Code-0123456789` }),
    ).toHaveAttribute('href', '/verify/demo-2026-0001?c=Code-0123456789');
    fireEvent.click(within(card).getByRole('button', { name: '下载 PDF 报告' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.pathname === `${R}/5/report`)?.url.searchParams.get('type')).toBe('pdf'),
    );
  });

  it('while the signed report is drawn the page shows its step and progress, then the stored report', async () => {
    let stored = false;
    const approved = () =>
      answer({
        state: 'approved',
        reportNo: 'demo-2026-0001',
        report: stored
          ? {
              reportNo: 'demo-2026-0001',
              revision: 'A',
              sha256: sha,
              verifyPath: '/verify/demo-2026-0001?c=C',
              createdAt: '2026-11-27T03:10:00Z',
            }
          : null,
        drawing: stored ? null : { state: 'running', done: 1, text: '绘制并签署 PDF' },
        flags: [],
        can: {
          submit: false,
          approve: false,
          return: false,
          resolve: false,
          revise: true,
          withdraw: false,
          reassign: false,
        },
      });
    api(approved);
    renderApp('/review?id=5');
    const card = await screen.findByTestId('frozen-report');
    // step 2 of 4 under way: one step done of four is 25 %
    const progress = await within(card).findByTestId('job-progress');
    expect(progress).toHaveTextContent('正在生成签署报告… 第 2 / 4 步：绘制并签署 PDF');
    expect(within(progress).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
    expect(within(card).queryByRole('button', { name: '下载 PDF 报告' })).toBeNull();
    stored = true;
    // (the page reads the review again while the drawing runs)
    expect(await within(card).findByTestId('frozen-sha256', {}, { timeout: 4000 })).toHaveTextContent(sha);
    expect(within(card).queryByTestId('job-progress')).toBeNull();
    expect(within(card).getByRole('button', { name: '下载 PDF 报告' })).toBeEnabled();
  });

  it('a failed drawing is shown in its words and drawn again on 重新生成', async () => {
    let started = false;
    const approved = () =>
      answer({
        state: 'approved',
        reportNo: 'demo-2026-0001',
        drawing: started
          ? { state: 'running', done: 0, text: '汇总报告数据' }
          : { state: 'failed', done: 1, text: '任务已中断（服务器已重启），请重新操作' },
        flags: [],
        can: {
          submit: false,
          approve: false,
          return: false,
          resolve: false,
          revise: true,
          withdraw: false,
          reassign: false,
        },
      });
    const { calls } = api(approved, (c) => {
      if (c.url.pathname !== `${R}/5/report` || c.method !== 'POST') return undefined;
      started = true;
      return ok(null);
    });
    renderApp('/review?id=5');
    const card = await screen.findByTestId('frozen-report');
    expect(await within(card).findByTestId('frozen-drawing-failed')).toHaveTextContent(
      '签署报告生成失败：任务已中断（服务器已重启），请重新操作',
    );
    fireEvent.click(within(card).getByRole('button', { name: '重新生成' }));
    expect(await within(card).findByTestId('job-progress')).toHaveTextContent(
      '正在生成签署报告… 第 1 / 4 步：汇总报告数据',
    );
    expect(calls.filter((c) => c.url.pathname === `${R}/5/report` && c.method === 'POST')).toHaveLength(1);
    expect(within(card).queryByTestId('frozen-drawing-failed')).toBeNull();
  });

  it('/verify/:reportNo?c= shows the report without a login, the revision that replaced it, and checks an uploaded copy and its signature', async () => {
    clearToken();
    const V = '/api/tpf/v1/tpf/verify/demo-2026-0001';
    const info = {
      reportNo: 'demo-2026-0001',
      buildingName: '一号楼',
      revision: 'A',
      total: 1234.567,
      intensity: 12.345,
      approvedAt: '2026-11-27',
      signatures: [
        { title: '计算', names: '张三', date: '2026-11-26' },
        { title: '审定', names: '钱审定', date: '2026-11-27' },
      ],
      supersededBy: { revision: 'B', reportNo: 'demo-2026-0009', approvedAt: '2026-12-01' },
    };
    const { calls } = stubFetch((c) => {
      if (c.url.pathname === V && c.method === 'GET') return ok(info);
      if (c.url.pathname === V && c.method === 'POST')
        return {
          status: 200,
          body: {
            code: 1,
            message: '不匹配',
            data: { match: false, sha256: sha, signature: 'invalid', signatureText: '内嵌签名无效' },
          },
        };
      if (c.url.pathname === '/api/tpf/v1/tpf/verify/nope') return fail(404, '未找到该报告编号');
      return undefined;
    });
    renderApp('/verify/demo-2026-0001?c=Code-0123456789');
    const summary = await screen.findByTestId('verify-summary');
    expect(calls.find((c) => c.method === 'GET' && c.url.pathname === V)?.url.searchParams.get('c')).toBe(
      'Code-0123456789',
    );
    expect(screen.getByTestId('verify-superseded')).toHaveTextContent(
      '已被修订版 B（报告编号 demo-2026-0009，2026-12-01）替代',
    );
    expect(summary).toHaveTextContent('单体名称一号楼');
    expect(summary).toHaveTextContent('碳排放总量（tCO2e）1,234.57');
    expect(summary).toHaveTextContent('单位面积年均碳排放强度（kgCO2e/(m²·a)）12.35');
    expect(screen.getByRole('table', { name: '签署' })).toHaveTextContent('审定钱审定2026-11-27');
    const file = new File(['%PDF-1.7 changed'], '报告.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByTestId('verify-file'), { target: { files: [file] } });
    expect(await screen.findByTestId('verify-result')).toHaveTextContent('不匹配：「报告.pdf」与存档的签署报告不一致');
    expect(screen.getByTestId('verify-signature')).toHaveTextContent('内嵌签名无效');
    const posted = calls.find((c) => c.method === 'POST')!;
    expect(posted.url.searchParams.get('c')).toBe('Code-0123456789');
    expect(posted.headers.get('access-token')).toBeNull();
    expect((posted.body as FormData).get('file')).toBeInstanceOf(File);
  });

  it('an unknown number says so', async () => {
    clearToken();
    stubFetch((c) => (c.url.pathname === '/api/tpf/v1/tpf/verify/nope' ? fail(404, '未找到该报告编号') : undefined));
    renderApp('/verify/nope');
    expect(await screen.findByRole('alert')).toHaveTextContent('未找到该报告编号');
    expect(screen.queryByTestId('verify-summary')).toBeNull();
  });
});

describe('the audit trail', () => {
  it('shows who changed what from what to what, and narrows to a stage', async () => {
    const entry = (id: number, over: object) => ({
      id,
      at: '2026-11-27T03:00:00Z',
      user: person(3, '李协作'),
      area: 'produce',
      where: '建材生产「钢材」',
      action: 'update',
      summary: '修改',
      changes: [{ field: '用量', before: '100', after: '120' }],
      ...over,
    });
    const trail = (area: string | null) => ({
      entries:
        area === 'building'
          ? [
              entry(2, {
                area: 'building',
                where: '单体信息',
                summary: '修改',
                changes: [{ field: '状态', before: '未完成', after: '已完成' }],
              }),
            ]
          : [entry(1, {})],
      total: 1,
      areas: [
        { value: 'building', label: '单体信息' },
        { value: 'produce', label: '建材生产' },
      ],
    });
    const { calls } = api(answer, (c) =>
      c.url.pathname === `${R}/5/audit` ? ok(trail(c.url.searchParams.get('area'))) : undefined,
    );
    renderApp('/review?id=5');
    const first = await screen.findByTestId('audit-entry');
    expect(first).toHaveTextContent('李协作修改建材生产「钢材」');
    expect(first).toHaveTextContent('用量：100 → 120');
    fireEvent.mouseDown(screen.getByLabelText('范围'));
    fireEvent.click(await screen.findByRole('option', { name: '单体信息' }));
    await waitFor(() => expect(screen.getByTestId('audit-entry')).toHaveTextContent('状态：未完成 → 已完成'));
    expect(calls.some((c) => c.url.pathname === `${R}/5/audit` && c.url.searchParams.get('area') === 'building')).toBe(
      true,
    );
  });
});

describe('本单位校审设置', () => {
  const settings = {
    tenantName: '演示集团',
    signoffLevels: 4,
    signoffSamePerson: 0,
    reportPrefix: '',
    defaultPrefix: 'demo',
  };

  it("a group admin changes the tenant's levels, 兼任 and prefix", async () => {
    const { calls } = api(
      answer,
      (c) =>
        c.url.pathname === `${R}/settings`
          ? ok({ ...settings, canEdit: true })
          : c.url.pathname === `${R}/mine`
            ? ok([])
            : undefined,
      groupAdmin,
    );
    renderApp('/review');
    const card = await screen.findByTestId('signoff-settings');
    expect(card).toHaveTextContent('本单位校审设置（演示集团）');
    fireEvent.mouseDown(within(card).getByLabelText('校审级数'));
    fireEvent.click(await screen.findByRole('option', { name: '3 级：计算、校对、审核' }));
    fireEvent.click(within(card).getByLabelText('允许一人兼任多级'));
    fireEvent.change(within(card).getByLabelText('报告编号前缀'), { target: { value: 'DM' } });
    fireEvent.click(within(card).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT' && c.url.pathname === `${R}/settings`)?.body).toEqual({
        signoffLevels: 3,
        signoffSamePerson: 1,
        reportPrefix: 'DM',
      }),
    );
  });

  it("a super admin, of no tenant, is pointed to 集团租户 and asks for no tenant's settings", async () => {
    const { calls } = api(answer, (c) => (c.url.pathname === `${R}/mine` ? ok([]) : undefined), {
      ...superAdmin,
      tenantId: null,
    });
    renderApp('/review');
    const card = await screen.findByTestId('signoff-settings');
    expect(card).toHaveTextContent('超级管理员请在「集团租户」中设置各单位的校审规则：前往集团租户');
    expect(within(card).getByRole('link', { name: '前往集团租户' })).toHaveAttribute('href', '/sys/tenant');
    expect(calls.some((c) => c.url.pathname === `${R}/settings`)).toBe(false);
  });

  it('a user reads them, unable to change them', async () => {
    api(answer, (c) =>
      c.url.pathname === `${R}/settings`
        ? ok({ ...settings, canEdit: false })
        : c.url.pathname === `${R}/mine`
          ? ok([])
          : undefined,
    );
    renderApp('/review');
    const card = await screen.findByTestId('signoff-settings');
    expect(within(card).getByTestId('signoff-rules')).toHaveTextContent(
      '校审级数：4 级：计算、校对、审核、审定；允许一人兼任多级：否；报告编号前缀：demo。由本单位的集团管理员设置。',
    );
    expect(within(card).queryByRole('button', { name: '保存' })).toBeNull();
    expect(within(card).queryByLabelText('报告编号前缀')).toBeNull();
  });
});
