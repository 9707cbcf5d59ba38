// A reported bug: the 热点与替代 tab "squeezed the sidebar labels". The squeeze was react-admin's permanent sidebar
// animating its width 50 → 240 px each time it mounted after mobile mode (a window widened past 992 px, or a
// full-page screenshot, which lays the page out narrower for a moment): the e2e screenshots of the /decide tabs
// caught it half-way. The sidebar is now drawn at its width from the first frame (layout/DesktopSidebar.tsx), and a
// tab's wide content scrolls inside its own area (minWidth 0, overflow-x auto), never widening the page.
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { setToken } from '../../src/client/providers/tokenStorage';
import type { HotspotAnswer } from '../../src/client/decide/decideApi';
import { ok, type Call } from './fakeApi';
import { stubShell } from './shellFake';
import { renderApp } from './renderApp';
// the lazy pages these tests open, loaded with the file rather than inside the first test's time limit
import '../../src/client/decide/DecidePage';

vi.mock('react-apexcharts', () => ({
  default: (props: { type: string }) => <div data-testid={`apex-${props.type}`} />,
}));

const BUILDING = {
  id: 21,
  name: '研发楼',
  computeMethod: 'budget',
  menus: 'produce,runtime',
  engineeringName: '园区',
  status: '1',
  total: 120.5,
};
const HOTSPOTS: HotspotAnswer = {
  total: 29500,
  rows: [
    {
      stage: 'produce',
      stageTitle: '建材生产',
      rowId: 1,
      label: '一种名称很长很长很长很长很长很长很长很长很长很长很长很长很长很长很长很长的建材',
      quantity: 100,
      unit: 'm3',
      factorName: 'C30混凝土',
      factorValue: 295,
      factorUnit: 'kgCO2e/m3',
      emission: 29500,
      share: 100,
      cumulative: 100,
      substitutes: [],
    },
  ],
  notes: [],
};

function open(path: string) {
  setToken('tok', false);
  stubShell({
    extra: (c: Call) => {
      if (c.url.pathname === '/api/tpf/v1/tpf/tpf3ProjectV/21') return ok(BUILDING);
      if (c.url.pathname === '/api/tpf/v1/tpf/decide/21/hotspots') return ok(HOTSPOTS);
      return undefined;
    },
  });
  renderApp(path);
}

describe('the sidebar beside the 热点与替代 tab', () => {
  it("the tab's content scrolls inside its own area: the panel's box may shrink (min-width 0) and scrolls sideways", async () => {
    open('/decide?id=21&tab=hotspots');
    await screen.findByTestId('hotspot-panel');
    const panel = screen.getByTestId('decide-panel');
    expect(panel).toContainElement(screen.getByTestId('hotspot-panel'));
    expect(getComputedStyle(panel).minWidth).toBe('0px');
    expect(getComputedStyle(panel).overflowX).toBe('auto');
    expect(getComputedStyle(screen.getByTestId('hotspot-panel')).minWidth).toBe('0px');
    // the wide table scrolls in its own container
    const table = screen.getByRole('table', { name: '碳排放热点' });
    expect(getComputedStyle(table.parentElement!).overflowX).toBe('auto');
  });

  it('the permanent sidebar is drawn at its width without a width animation, which comes back for the toggle once drawn', async () => {
    open('/decide?id=21&tab=hotspots');
    const sidebar = await screen.findByTestId('desktop-sidebar');
    const paper = sidebar.querySelector('.MuiPaper-root')!;
    // first frames: no transition on the paper's or the menu's width (react-admin's 50 → 240 px slide)
    expect(sidebar).toHaveAttribute('data-drawn', 'false');
    expect(getComputedStyle(paper).transition).toBe('none');
    const menu = (await screen.findAllByRole('menuitem', { name: '首页' }))[0].closest('.RaMenu-open')!;
    if (sidebar.getAttribute('data-drawn') === 'false') expect(getComputedStyle(menu).transition).toBe('none');
    await waitFor(() => expect(sidebar).toHaveAttribute('data-drawn', 'true'));
    expect(getComputedStyle(paper).transition).toMatch(/width/);
    expect(getComputedStyle(menu).transition).toMatch(/width/);
    expect(sidebar).toHaveClass('RaSidebar-open');
  });
});
