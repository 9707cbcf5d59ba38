// Once, at 1366 px /divisor's 编辑/删除 were off-screen and 建材生产's 删除 was cut. The 操作 column of every
// DataTable list (admin/tableParts.tsx actionsColumn: the generic lists and the stage tables) holds compact text
// buttons and stays at the table's right edge (sticky) when the columns are wider than the page. jsdom lays
// nothing out, so the test reads the cells' computed CSS; the e2e screenshots at 1366 px show the result.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { setToken } from '../../src/client/providers/tokenStorage';
import { ok, stubFetch, superAdmin } from './fakeApi';
import { renderApp } from './renderApp';
// the lazy pages these tests open, loaded with the file rather than inside the first test's time limit
import '../../src/client/admin/SchemaList';

const roles = [
  { id: 1, roleCode: 'auditor', roleName: '审计员', remarks: null, createDate: '2026-01-01T00:00:00Z' },
  { id: 2, roleCode: 'viewer', roleName: '访客', remarks: null, createDate: '2026-01-02T00:00:00Z' },
];

describe('the 操作 column of a list', () => {
  it('stays at the right edge of the scrolling table, over an opaque background, its buttons compact', async () => {
    setToken('tok', false);
    stubFetch((c) => {
      if (c.url.pathname.endsWith('currentUser')) return ok(superAdmin);
      if (c.url.pathname === '/api/sys/v1/sys/sysRole/') return ok({ dataList: roles, total: roles.length });
      return ok({ dataList: [], total: 0 });
    });
    renderApp('/sys/role');
    const table = await screen.findByRole('table', {}, { timeout: 15_000 });
    await within(table).findByText('审计员');
    const header = within(table).getByRole('columnheader', { name: '操作' });
    const row = within(table)
      .getAllByRole('row')
      .find((r) => within(r).queryByText('审计员'))!;
    const edit = within(row).getByRole('link', { name: '编辑' });
    const del = within(row).getByRole('button', { name: '删除' });
    const cell = edit.closest('td')!;
    expect(cell).toContainElement(del);
    for (const c of [header, cell]) {
      const css = getComputedStyle(c);
      expect(css.position).toBe('sticky');
      expect(css.right).toBe('0px');
      expect(css.whiteSpace).toBe('nowrap');
      // the columns scrolled under it do not show through
      expect(css.backgroundColor).toBe('rgb(255, 255, 255)');
    }
    // compact text buttons (no start icon, no 64 px minimum), as the building list's
    expect(getComputedStyle(edit).minWidth).toBe('0px');
    const icon = edit.querySelector('.MuiButton-startIcon');
    expect(icon).not.toBeNull();
    expect(getComputedStyle(icon!).display).toBe('none');
  });
});
