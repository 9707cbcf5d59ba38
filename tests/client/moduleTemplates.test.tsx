// The navbar's template download icon on module pages: 核算 one call, 概预算 a choice of
// 国标 GB/T 51366-2019 / 省标准 / 省导则 (standard=GB / JS-STD / JS), 估算 one call; the link is downloaded.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setToken } from '../../src/client/providers/tokenStorage';
import { ok, type Call } from './fakeApi';
import { renderApp } from './renderApp';
// the lazy pages these tests open, loaded with the file rather than inside the first test's time limit
import '../../src/client/admin/SchemaList';
import '../../src/client/buildings/BuildingList';
import { stubShell } from './shellFake';

const LINK = '/upload/22222222-2222-2222-2222-222222222222?token=templatetok1';

function templateApi() {
  return stubShell({
    extra: (c: Call) => (c.url.pathname.startsWith('/api/tpf/v1/tpf/template/') ? ok(LINK) : undefined),
  });
}
const templateCalls = (calls: Call[]) =>
  calls
    .filter((c) => c.url.pathname.startsWith('/api/tpf/v1/tpf/template/'))
    .map((c) => `${c.url.pathname}${c.url.search}`);

describe('template download icon', () => {
  afterEach(() => vi.restoreAllMocks());

  it('概预算 offers the three standards; each asks its workbook and downloads the link', async () => {
    setToken('tok', false);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { calls } = templateApi();
    renderApp('/budget/project/list');
    fireEvent.click(await screen.findByRole('button', { name: '下载导入模板' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((m) => m.textContent),
    ).toEqual(['国标 GB/T 51366-2019', '省标准', '省导则']);
    fireEvent.click(within(menu).getByRole('menuitem', { name: '省标准' }));
    expect(await screen.findByText('下载模板成功')).toBeInTheDocument();
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect((click.mock.contexts[0] as HTMLAnchorElement).getAttribute('href')).toBe(LINK);
    fireEvent.click(screen.getByRole('button', { name: '下载导入模板' }));
    fireEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: '国标 GB/T 51366-2019' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(2));
    fireEvent.click(screen.getByRole('button', { name: '下载导入模板' }));
    fireEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: '省导则' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(3));
    expect(templateCalls(calls)).toEqual([
      '/api/tpf/v1/tpf/template/budget?standard=JS-STD',
      '/api/tpf/v1/tpf/template/budget?standard=GB',
      '/api/tpf/v1/tpf/template/budget?standard=JS',
    ]);
  });

  it('核算 and 估算 download at once, without a standard', async () => {
    setToken('tok', false);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { calls } = templateApi();
    renderApp('/accounting/project/list');
    fireEvent.click(await screen.findByRole('button', { name: '下载导入模板' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('menuitem', { name: '省标准' })).toBeNull();
    expect(templateCalls(calls)).toEqual(['/api/tpf/v1/tpf/template/accounting']);
    cleanup();
    renderApp('/estimate/project/list');
    expect(await screen.findByTestId('module-name')).toHaveTextContent('建筑碳排放估算');
    fireEvent.click(await screen.findByRole('button', { name: '下载导入模板' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(2));
    expect(templateCalls(calls)).toEqual(['/api/tpf/v1/tpf/template/accounting', '/api/tpf/v1/tpf/template/estimate']);
  });

  it('is not shown outside the module pages', async () => {
    setToken('tok', false);
    stubShell();
    renderApp('/divisor');
    await screen.findByTestId('notify-bell');
    expect(screen.queryByRole('button', { name: '下载导入模板' })).toBeNull();
  });
});
