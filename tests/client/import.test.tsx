// 下载模板 and 导入 on the generic list pages and the reusable <ImportButtons>.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, Notification } from 'react-admin';
import { ImportButtons } from '../../src/client/admin/ImportButtons';
import { i18nProvider } from '../../src/client/i18n';
import { setToken } from '../../src/client/providers/tokenStorage';
import { setCurrentBuilding } from '../../src/client/session/currentBuilding';
import { fail, groupAdmin, ok, plainUser, stubFetch, type Call } from './fakeApi';
import { renderApp } from './renderApp';
// the lazy pages these tests open, loaded with the file rather than inside the first test's time limit
import '../../src/client/admin/SchemaList';

const BASE = '/api/tpf/v1/tpf/tpf3BuildMaterial/';
const rows = [
  {
    id: 1,
    type: '建材',
    smallType: '钢材',
    name: '普通碳钢',
    unit: 't',
    materialCo: 2.05,
    verification: 'V',
    createDate: '2026-01-02T03:04:05Z',
  },
];

function api(user: object, extra?: (c: Call) => ReturnType<Parameters<typeof stubFetch>[0]>) {
  return stubFetch((c: Call) => {
    const answer = extra?.(c);
    if (answer) return answer;
    const p = c.url.pathname;
    if (p === '/api/sys/v1/sys/sysUser/currentUser') return ok(user);
    if (p === BASE) return ok({ dataList: rows, total: rows.length });
    if (p.startsWith('/api/sys/v1/sys/sysDict/dropDown/')) return ok({});
    return fail(404, '很抱歉，资源未找到!');
  });
}

const xlsx = (size = 10) =>
  new File([new Uint8Array(size)], 'data.xlsx', {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
const choose = (resource: string, file: File) =>
  fireEvent.change(screen.getByTestId(`import-file-${resource}`), { target: { files: [file] } });
const uploads = (calls: Call[]) => calls.filter((c) => c.url.pathname.endsWith('/fileUpload'));
const listCalls = (calls: Call[]) => calls.filter((c) => c.url.pathname === BASE && c.method === 'GET');

async function openDivisor(extra?: (c: Call) => ReturnType<Parameters<typeof stubFetch>[0]>) {
  setToken('tok', false);
  const fake = api(groupAdmin, extra);
  renderApp('/divisor');
  await screen.findByText('普通碳钢');
  return fake;
}

describe('/divisor toolbar: 下载模板 and 导入', () => {
  it('下载模板 opens the link the API answers', async () => {
    const { calls } = await openDivisor((c) =>
      c.url.pathname === `${BASE}template` ? ok('/upload/tpl?token=abc') : undefined,
    );
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.getAttribute('href')!);
    });
    fireEvent.click(screen.getByRole('button', { name: '下载模板' }));
    await waitFor(() => expect(clicked).toEqual(['/upload/tpl?token=abc']));
    click.mockRestore();
    expect(calls.find((c) => c.url.pathname === `${BASE}template`)!.headers.get('Access-Token')).toBe('tok');
  });

  it('a file over 6 MB is refused before any upload', async () => {
    const { calls } = await openDivisor();
    choose('tpf3BuildMaterial', xlsx(6 * 1024 * 1024 + 1));
    expect(await screen.findByText('导入Excel文件大小不能超过 6M!')).toBeInTheDocument();
    expect(uploads(calls)).toEqual([]);
  });

  it('uploads the file as multipart, shows 正在上传, then 上传文件成功 and refreshes the list', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let answered = false;
    const { calls } = await openDivisor((c) => {
      if (c.url.pathname !== `${BASE}fileUpload`) return undefined;
      return answered ? ok({ count: 3 }) : undefined;
    });
    // hold the answer until the loading text was seen
    const fetchStub = globalThis.fetch as unknown as ReturnType<typeof vi.fn>;
    const inner = fetchStub.getMockImplementation()! as (
      input: RequestInfo | URL,
      init?: RequestInit,
    ) => Promise<Response>;
    fetchStub.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/fileUpload')) {
        await gate;
        answered = true;
      }
      return inner(input, init);
    });
    const before = listCalls(calls).length;
    choose('tpf3BuildMaterial', xlsx());
    expect(await screen.findByRole('button', { name: '正在上传, 请稍候....' })).toBeDisabled();
    release();
    expect(await screen.findByText('上传文件成功')).toBeInTheDocument();
    const up = uploads(calls)[0];
    expect(up.method).toBe('POST');
    expect(up.headers.get('Access-Token')).toBe('tok');
    expect(up.headers.get('Content-Type')).toBeNull(); // the browser sets the multipart boundary
    const body = up.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect((body.get('file') as File).name).toBe('data.xlsx');
    expect(body.get('projectId')).toBeNull(); // the factor library does not belong to a building
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(before));
    expect(screen.getByRole('button', { name: '导入' })).toBeEnabled();
  });

  it('a code-2 answer shows the first error with its row and lists every bad row in 导入失败', async () => {
    const problems = [
      { field: '第3行 名称', errorMsg: '请输入名称' },
      { field: '第5行 碳排放因子', errorMsg: '碳排放因子应当是数字' },
      { field: '第5行 核实标记', errorMsg: '核实标记应当是预设值之一' },
    ];
    await openDivisor((c) =>
      c.url.pathname === `${BASE}fileUpload` ? fail(400, '导入数据校验失败', 2, problems) : undefined,
    );
    choose('tpf3BuildMaterial', xlsx());
    expect(await screen.findByText('第3行 名称 请输入名称')).toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: '导入失败' });
    for (const p of problems) {
      const row = within(dialog).getByText(p.errorMsg).closest('tr')!;
      expect(within(row).getByText(p.field)).toBeInTheDocument();
    }
    expect(within(dialog).getByText(/导入数据校验失败，共 3 处错误/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '导入失败' })).toBeNull());
  });

  it('another error shows its message', async () => {
    await openDivisor((c) =>
      c.url.pathname === `${BASE}fileUpload` ? fail(400, '文件格式不正确，请使用导入模板') : undefined,
    );
    choose('tpf3BuildMaterial', xlsx());
    expect(await screen.findByText('文件格式不正确，请使用导入模板')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: '导入失败' })).toBeNull();
  });

  it('a user who may not write the factor library sees neither button', async () => {
    setToken('tok', false);
    api(plainUser);
    renderApp('/divisor');
    await screen.findByText('普通碳钢');
    expect(screen.queryByRole('button', { name: '导入' })).toBeNull();
    expect(screen.queryByRole('button', { name: '下载模板' })).toBeNull();
  });
});

describe('<ImportButtons> for rows of a building', () => {
  const EXT = '/api/tpf/v1/tpf/tpf3ProjectExtend/';
  const renderButtons = (props: { projectId?: number; onDone?: (n: number) => void } = {}) =>
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <ImportButtons resource="tpf3ProjectExtend" {...props} />
        <Notification />
      </AdminContext>,
    );

  it('without a current building: 获取项目信息失败，请返回主页重试！ and no upload', async () => {
    setToken('tok', false);
    const { calls } = api(plainUser);
    renderButtons();
    fireEvent.click(screen.getByRole('button', { name: '导入' }));
    expect(await screen.findByText('获取项目信息失败，请返回主页重试！')).toBeInTheDocument();
    choose('tpf3ProjectExtend', xlsx());
    expect(uploads(calls)).toEqual([]);
  });

  it('sends the current building as projectId (or the one passed in) and calls onDone with the count', async () => {
    setToken('tok', false);
    setCurrentBuilding({ id: 7, name: '七号楼', computeMethod: 'budget', menus: 'produce' });
    const { calls } = api(plainUser, (c) => (c.url.pathname === `${EXT}fileUpload` ? ok({ count: 2 }) : undefined));
    const onDone = vi.fn();
    const view = renderButtons({ onDone });
    choose('tpf3ProjectExtend', xlsx());
    expect(await screen.findByText('上传文件成功')).toBeInTheDocument();
    expect((uploads(calls)[0].body as FormData).get('projectId')).toBe('7');
    expect(onDone).toHaveBeenCalledWith(2);
    view.unmount();

    renderButtons({ projectId: 42 });
    choose('tpf3ProjectExtend', xlsx());
    await waitFor(() => expect(uploads(calls)).toHaveLength(2));
    expect((uploads(calls)[1].body as FormData).get('projectId')).toBe('42');
  });
});
