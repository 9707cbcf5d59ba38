// 导出表格 on a generic list: one GET <path>/export with the list's filters, the link downloaded, 导出表格成功.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { setToken } from '../../src/client/providers/tokenStorage';
import { groupAdmin, ok, stubFetch } from './fakeApi';
import { renderApp } from './renderApp';
// the lazy pages these tests open, loaded with the file rather than inside the first test's time limit
import '../../src/client/admin/SchemaList';

describe('导出表格', () => {
  it('asks the server for the filtered list as a workbook and downloads the link it answers', async () => {
    setToken('tok', false);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { calls } = stubFetch((c) => {
      const p = c.url.pathname;
      if (p.endsWith('currentUser')) return ok(groupAdmin);
      if (p === '/api/tpf/v1/tpf/tpf3BuildMaterial/export')
        return ok('/upload/00000000-0000-0000-0000-000000000000?token=abcdefghijkl');
      if (p === '/api/tpf/v1/tpf/tpf3BuildMaterial/')
        return ok({
          dataList: [{ id: 1, type: '建材', name: '钢', unit: 't', materialCo: 2, createDate: '2026-01-01T00:00:00Z' }],
          total: 1,
        });
      if (p.startsWith('/api/sys/v1/sys/sysDict/')) return ok({});
      return undefined;
    });
    renderApp('/divisor?filter=%7B%22name%22%3A%22%E9%92%A2%22%7D');
    fireEvent.click(await screen.findByRole('button', { name: '导出表格' }));
    await screen.findByText('导出表格成功');
    const exp = calls.find((c) => c.url.pathname.endsWith('/export'))!;
    expect(exp.url.searchParams.get('name')).toBe('钢');
    expect(exp.url.searchParams.get('pageNum')).toBeNull();
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
  });
});
