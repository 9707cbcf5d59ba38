// 问题反馈: the /feedback form (反馈内容 required, checked before any call; 截图 uploaded with a preview;
// POST sysFeedback/), 我的反馈 with status and reply, and /sys/feedback for the super admin (reply → PUT).
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setToken } from '../../src/client/providers/tokenStorage';
import { fail, ok, plainUser, superAdmin, type Call } from './fakeApi';
import { renderApp } from './renderApp';
// the lazy pages these tests open, loaded with the file rather than inside the first test's time limit
import '../../src/client/feedback/FeedbackAdminPage';
import '../../src/client/feedback/FeedbackPage';
import { stubShell } from './shellFake';

const SHOT = '/upload/11111111-1111-1111-1111-111111111111?token=shotshotshot';
const PNG = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], 'shot.png', { type: 'image/png' });

function feedbackApi(user: object, initial: object[] = []) {
  let rows = [...initial] as Record<string, unknown>[];
  return stubShell({
    user,
    extra: (c: Call) => {
      const p = c.url.pathname;
      if (p === '/api/sys/v1/sys/sysFeedback/screenshot' && c.method === 'POST') return ok(SHOT);
      if (p === '/api/sys/v1/sys/sysFeedback/' && c.method === 'POST') {
        const row = {
          id: rows.length + 1,
          status: '0',
          reply: null,
          createDate: '2026-11-22T02:00:00Z',
          createByName: '张三',
          ...(c.body as object),
        };
        rows = [row, ...rows];
        return ok(row);
      }
      if (p === '/api/sys/v1/sys/sysFeedback/' && c.method === 'PUT') {
        const body = c.body as { id: number };
        rows = rows.map((r) => (r.id === body.id ? { ...r, ...body, replyDate: '2026-11-22T03:00:00Z' } : r));
        return ok(rows.find((r) => r.id === body.id));
      }
      if (p === '/api/sys/v1/sys/sysFeedback/' && c.method === 'GET') {
        const status = c.url.searchParams.get('status');
        const list = rows.filter((r) => !status || r.status === status);
        return ok({ dataList: list, total: list.length });
      }
      return undefined;
    },
  });
}

const form = () => screen.findByRole('form', { name: '问题反馈' });

describe('/feedback', () => {
  it('反馈内容 and 反馈类型 are required: the messages show under the fields and nothing is sent', async () => {
    setToken('tok', false);
    const { calls } = feedbackApi(plainUser);
    renderApp('/feedback');
    const f = await form();
    fireEvent.change(within(f).getByLabelText(/反馈内容/), { target: { value: '   ' } });
    fireEvent.click(within(f).getByRole('button', { name: '提交' }));
    expect(await within(f).findByText('请输入反馈内容')).toBeInTheDocument();
    expect(within(f).getByText('请选择反馈类型')).toBeInTheDocument();

    fireEvent.mouseDown(within(f).getByLabelText(/反馈类型/));
    fireEvent.click(await screen.findByRole('option', { name: '问题报告' }));
    fireEvent.click(within(f).getByRole('button', { name: '提交' }));
    expect(await within(f).findByText('请输入反馈内容')).toBeInTheDocument();
    expect(within(f).queryByText('请选择反馈类型')).toBeNull();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('sends type, content, contact and the uploaded screenshot; the list shows it 待处理', async () => {
    setToken('tok', false);
    const { calls } = feedbackApi(plainUser);
    renderApp('/feedback');
    const f = await form();
    expect(await screen.findByText('暂无数据')).toBeInTheDocument();
    fireEvent.mouseDown(within(f).getByLabelText(/反馈类型/));
    fireEvent.click(await screen.findByRole('option', { name: '数据问题' }));
    fireEvent.change(within(f).getByLabelText(/反馈内容/), { target: { value: '  因子库中普通碳钢的单位不对  ' } });
    fireEvent.change(within(f).getByLabelText('联系方式'), { target: { value: '13800000000' } });

    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('screenshot-input'), { target: { files: [big] } });
    expect(await screen.findByText('截图不能超过 2M')).toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname.endsWith('/screenshot'))).toBe(false);

    fireEvent.change(screen.getByTestId('screenshot-input'), { target: { files: [PNG()] } });
    const preview = await screen.findByTestId('screenshot-preview');
    expect(within(preview).getByRole('img', { name: '截图' })).toHaveAttribute('src', SHOT);
    const upload = calls.find((c) => c.url.pathname.endsWith('/screenshot'))!;
    expect(upload.body).toBeInstanceOf(FormData);
    expect(((upload.body as FormData).get('file') as File).name).toBe('shot.png');

    fireEvent.click(within(f).getByRole('button', { name: '提交' }));
    expect(await screen.findByText('提交成功')).toBeInTheDocument();
    const post = calls.find((c) => c.url.pathname === '/api/sys/v1/sys/sysFeedback/' && c.method === 'POST')!;
    expect(post.body).toEqual({
      feedbackType: '3',
      content: '因子库中普通碳钢的单位不对',
      contact: '13800000000',
      screenshot: SHOT,
    });
    const mine = await screen.findByTestId('my-feedback');
    expect(mine).toHaveTextContent('数据问题');
    expect(within(mine).getByTestId('feedback-status')).toHaveTextContent('待处理');
    expect(within(f).getByLabelText(/反馈内容/)).toHaveValue('');
    expect(screen.queryByTestId('screenshot-preview')).toBeNull();
  });

  it('shows the administrator reply with 已处理', async () => {
    setToken('tok', false);
    feedbackApi(plainUser, [
      {
        id: 9,
        feedbackType: '1',
        content: '希望支持批量导出',
        status: '1',
        reply: '已在 V3.3 支持',
        replyDate: '2026-11-21T09:30:00Z',
        createDate: '2026-11-20T01:00:00Z',
      },
    ]);
    renderApp('/feedback');
    const mine = await screen.findByTestId('my-feedback');
    expect(within(mine).getByTestId('feedback-status')).toHaveTextContent('已处理');
    expect(within(mine).getByTestId('feedback-reply')).toHaveTextContent('已在 V3.3 支持');
  });

  it('a server refusal of the screenshot is shown', async () => {
    setToken('tok', false);
    stubShell({
      extra: (c) =>
        c.url.pathname.endsWith('/sysFeedback/screenshot') ? fail(400, '截图只支持 PNG、JPEG 或 WebP 图片') : undefined,
    });
    renderApp('/feedback');
    await form();
    fireEvent.change(screen.getByTestId('screenshot-input'), { target: { files: [PNG()] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('截图只支持 PNG、JPEG 或 WebP 图片');
    expect(screen.queryByTestId('screenshot-preview')).toBeNull();
  });
});

describe('/sys/feedback (super admin)', () => {
  const ROWS = [
    {
      id: 1,
      feedbackType: '2',
      content: '导入 Excel 报错',
      contact: '',
      screenshot: SHOT,
      status: '0',
      reply: null,
      createByName: '张三',
      createDate: '2026-11-22T02:00:00Z',
    },
    {
      id: 2,
      feedbackType: '1',
      content: '建议增加地图',
      status: '1',
      reply: '已记录',
      createByName: '李四',
      createDate: '2026-11-21T02:00:00Z',
    },
  ];

  it('lists everyone’s feedback with sender, screenshot and status; 回复 sends the reply with 已处理', async () => {
    setToken('tok', false);
    const { calls } = feedbackApi(superAdmin, ROWS);
    renderApp('/sys/feedback');
    const table = await screen.findByRole('table');
    await within(table).findByText('张三');
    expect(within(table).getByText('李四')).toBeInTheDocument();
    expect(within(table).getAllByRole('img', { name: '截图' })[0]).toHaveAttribute('src', SHOT);
    expect(
      within(table)
        .getAllByTestId('feedback-status')
        .map((c) => c.textContent),
    ).toEqual(['待处理', '已处理']);
    expect(screen.getByRole('menuitem', { name: '问题反馈' })).toHaveAttribute('href', '/sys/feedback');

    const first = within(table).getByText('张三').closest('tr')!;
    fireEvent.click(within(first).getByRole('button', { name: '回复' }));
    const dialog = await screen.findByRole('dialog', { name: '回复反馈' });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请输入回复内容')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText(/回复内容/), { target: { value: '请下载最新模板后再导入' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('回复成功')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url.pathname).toBe('/api/sys/v1/sys/sysFeedback/');
    expect(put.body).toEqual({
      id: 1,
      feedbackType: '2',
      content: '导入 Excel 报错',
      contact: '',
      screenshot: SHOT,
      status: '1',
      reply: '请下载最新模板后再导入',
    });
    await waitFor(() =>
      expect(
        within(screen.getByRole('table'))
          .getAllByTestId('feedback-status')
          .map((c) => c.textContent),
      ).toEqual(['已处理', '已处理']),
    );
  });

  it('is refused to others: 没有权限，拒绝访问!, no menu entry', async () => {
    setToken('tok', false);
    const { calls } = feedbackApi({ ...plainUser, roleList: ['groupAdmin'] });
    renderApp('/sys/feedback');
    expect(await screen.findByText('没有权限，拒绝访问!')).toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname === '/api/sys/v1/sys/sysFeedback/')).toBe(false);
    expect(screen.queryByRole('menuitem', { name: '问题反馈' })).toBeNull();
  });
});
