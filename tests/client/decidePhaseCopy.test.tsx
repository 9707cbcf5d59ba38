// 复制为下一阶段 on the client: the next module the group has not got, and the button posting it.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { setToken } from '../../src/client/providers/tokenStorage';
import { nextModule } from '../../src/client/decide/PhaseCopyButton';
import { ok, type Call } from './fakeApi';
import { stubShell } from './shellFake';
import { renderApp } from './renderApp';
// the lazy pages these tests open, loaded with the file rather than inside the first test's time limit
import '../../src/client/decide/DecidePage';

const D = '/api/tpf/v1/tpf/decide';

describe('复制为下一阶段', () => {
  it('the next module not yet in the group; none after 核算', () => {
    expect(nextModule('estimate', [])).toBe('budget');
    expect(nextModule('estimate', ['estimate', 'budget'])).toBe('accounting');
    expect(nextModule('budget', ['budget'])).toBe('accounting');
    expect(nextModule('accounting', [])).toBeUndefined();
  });

  it('an estimate building: 复制为概预算 posts the module after a confirmation and shows the new group', async () => {
    setToken('tok', false);
    const phase = (id: number, module: string, moduleLabel: string) => ({
      id,
      name: `${moduleLabel}楼`,
      module,
      moduleLabel,
      calculated: true,
      total: 5,
      streng3: 0.1,
      fields: {},
      readable: true,
    });
    const two = {
      phases: [phase(21, 'estimate', '估算'), phase(40, 'budget', '概预算')],
      steps: [],
      waterfall: [],
      notes: [],
      canEdit: true,
    };
    const { calls } = stubShell({
      extra: (c: Call) => {
        const p = c.url.pathname;
        if (p === '/api/tpf/v1/tpf/tpf3ProjectV/21')
          return ok({
            id: 21,
            name: '估算楼',
            computeMethod: 'estimate',
            menus: 'runtime',
            engineeringName: '园区',
            status: '0',
            total: 5,
          });
        if (p === `${D}/21/phases` && c.method === 'GET')
          return ok({ phases: [], steps: [], waterfall: [], notes: [], canEdit: true });
        if (p === `${D}/21/phases/copy`) return ok({ projectId: 40, phases: two });
        return undefined;
      },
    });
    renderApp('/decide?id=21&tab=phases');
    fireEvent.click(await screen.findByRole('button', { name: '复制为概预算' }));
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.getAllByTestId('phase-card')).toHaveLength(2));
    expect(calls.find((c) => c.url.pathname === `${D}/21/phases/copy`)!.body).toEqual({ computeMethod: 'budget' });
    expect(await screen.findByRole('button', { name: '复制为核算' })).toBeEnabled();
  });
});
