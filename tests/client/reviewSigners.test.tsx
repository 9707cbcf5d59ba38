// 撤回 and 更换签署人 on a revision's page, against a fake server: each shown only when the server's `can` says so;
// 撤回 confirms and sends; 更换签署人 lists the tenant's users (实名（账号）), sends the choice and shows a refusal's
// field message in the dialog.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReviewAnswer } from '../../schemas/review';
import { setToken } from '../../src/client/providers/tokenStorage';
import { fail, groupAdmin, ok, plainUser, type Handler } from './fakeApi';
import { stubShell } from './shellFake';
import { renderApp } from './renderApp';
// the lazy pages these tests open, loaded with the file rather than inside the first test's time limit
import '../../src/client/review/ReviewPage';

const R = '/api/tpf/v1/tpf/review';
const person = (id: number, name: string) => ({ id, name });
const NONE = {
  submit: false,
  approve: false,
  return: false,
  resolve: false,
  revise: false,
  withdraw: false,
  reassign: false,
};

function answer(can: Partial<ReviewAnswer['can']>): ReviewAnswer {
  return {
    projectId: 5,
    name: '一号楼',
    revision: 'A',
    revisionOf: null,
    state: 'check',
    reportNo: null,
    report: null,
    drawing: null,
    chain: [
      {
        level: 'calc',
        title: '计算',
        role: '计算人',
        people: [person(2, '张明（zhangming）')],
        signedAt: '2026-11-27T03:00:00Z',
      },
      { level: 'check', title: '校对', role: '校对人', people: [person(7, '王校对')], signedAt: null },
      { level: 'review', title: '审核', role: '审核人', people: [person(8, '赵审核')], signedAt: null },
    ],
    flags: [],
    events: [],
    comments: [],
    can: { ...NONE, ...can },
  };
}

function api(review: ReviewAnswer, user: object, extra?: Handler) {
  setToken('tok', false);
  return stubShell({
    user,
    extra: (c) => {
      const hit = extra?.(c);
      if (hit) return hit;
      if (c.url.pathname === `${R}/5` && c.method === 'GET') return ok(review);
      if (c.url.pathname === `${R}/5/audit`) return ok({ entries: [], total: 0, areas: [] });
      if (c.url.pathname === `${R}/5/signers`)
        return ok([person(7, '王立（wangli）'), person(11, '孙强（sunqiang）'), person(8, '赵审核（zhao）')]);
      if (c.url.pathname.startsWith(R) && c.method === 'POST') return ok(null);
      return undefined;
    },
  });
}

describe('撤回', () => {
  it('is offered to 计算人 when the server allows it, confirmed, and sent', async () => {
    const { calls } = api(answer({ withdraw: true }), plainUser);
    renderApp('/review?id=5');
    expect(await screen.findByRole('heading', { name: '撤回校审' })).toBeInTheDocument();
    expect(screen.getByTestId('review-level-calc')).toHaveTextContent('张明（zhangming）');
    fireEvent.click(screen.getByRole('button', { name: '撤回' }));
    const dialog = await screen.findByRole('dialog', { name: '撤回校审' });
    expect(dialog).toHaveTextContent('校对人将收到撤回通知');
    fireEvent.click(within(dialog).getByRole('button', { name: '撤回' }));
    await waitFor(() => expect(calls.find((c) => c.url.pathname === `${R}/withdraw`)?.body).toEqual({ projectId: 5 }));
  });

  it('is not offered when the server says no (a level has signed)', async () => {
    api(answer({}), plainUser);
    renderApp('/review?id=5');
    expect(await screen.findByRole('heading', { name: '校审 — 一号楼' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '撤回' })).toBeNull();
    expect(screen.queryByRole('button', { name: /更换签署人/ })).toBeNull();
  });
});

describe('更换签署人', () => {
  it('the admin chooses another user for a level; a refusal shows its message in the dialog', async () => {
    let refuse = true;
    const { calls } = api(answer({ reassign: true }), groupAdmin, (c) => {
      if (c.url.pathname === `${R}/reassign` && refuse) {
        refuse = false;
        return fail(400, '校对人不能同时是审核人（本单位未允许一人兼任多级）', 2, [
          { field: 'userId', errorMsg: '校对人不能同时是审核人（本单位未允许一人兼任多级）' },
        ]);
      }
      return undefined;
    });
    renderApp('/review?id=5');
    expect(await screen.findByRole('button', { name: '更换签署人：审核人' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '更换签署人：计算人' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '更换签署人：校对人' }));
    const dialog = await screen.findByRole('dialog', { name: '更换签署人：校对人' });
    const pick = async (name: string) => {
      fireEvent.mouseDown(within(dialog).getByLabelText('新的校对人'));
      fireEvent.click(await screen.findByRole('option', { name }));
    };
    // (the current signer is not offered)
    fireEvent.mouseDown(within(dialog).getByLabelText('新的校对人'));
    expect(await screen.findByRole('option', { name: '孙强（sunqiang）' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: '王立（wangli）' })).toBeNull();
    fireEvent.click(screen.getByRole('option', { name: '赵审核（zhao）' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '确定更换' }));
    expect(await within(dialog).findByTestId('review-reassign-error')).toHaveTextContent('校对人不能同时是审核人');
    await pick('孙强（sunqiang）');
    fireEvent.click(within(dialog).getByRole('button', { name: '确定更换' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.url.pathname === `${R}/reassign`).at(-1)?.body).toEqual({
        projectId: 5,
        level: 'check',
        userId: 11,
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
