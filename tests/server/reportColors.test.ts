// The report's donut and bars give each stage the colour the result page gives it (one palette keyed by
// stage, schemas/stageColors.ts) — the PDF's and Word file's pictures are these charts.
import { describe, expect, it } from 'vitest';
import { shareDonutSvg, stageBarSvg } from '../../src/server/reports/charts';
import { stageBars, stageShares } from '../../src/client/results/resultModel';
import { SINK_COLOR, STAGE_PALETTE } from '../../schemas/stageColors';

const STAGES = ['produce', 'trans', 'build', 'runtime', 'waste'];
const building = {
  id: 1,
  name: '测试楼',
  status: '1',
  resultDetail: {
    stages: {
      produce: { total: 5 },
      trans: { total: 1 },
      build: { total: 2 },
      runtime: { total: 9 },
      waste: { total: 0.5 },
      green: { total: -3 },
    },
  },
};

/** The fills an ECharts SVG paints its marks with (not the background, texts or axes). */
const markFills = (svg: string) =>
  [...new Set([...svg.matchAll(/fill="(#[0-9a-f]{6})"/gi)].map((m) => m[1].toLowerCase()))].filter((c) =>
    [...STAGE_PALETTE, SINK_COLOR].includes(c as never),
  );

describe('one stage palette for the result page and the report', () => {
  it("the report's donut paints each stage's slice in the page's donut colour for that stage", () => {
    const page = stageShares(building, 'estimate', STAGES);
    expect(page.codes).toEqual(STAGES);
    // the page's slices are told their colours, one per stage
    expect(new Set(page.colors).size).toBe(STAGES.length);
    page.codes.forEach((code, i) => {
      // one slice at a time, so a fill is that stage's
      expect(markFills(shareDonutSvg([{ code, name: page.labels[i], value: page.series[i] }]))).toEqual([
        page.colors[i],
      ]);
    });
    // all together: every slice in its own colour, not the palette in the order the slices come
    const all = shareDonutSvg([...page.codes].reverse().map((code) => ({ code, name: code, value: 1 })));
    expect(markFills(all).sort()).toEqual([...page.colors].sort());
  });

  it("the report's bars and the page's stage bars agree too, the sink green on both", () => {
    for (const code of [...STAGES, 'green']) {
      const page = stageBars(building, 'estimate', code, {});
      const value = page.data.reduce((a, v) => a + v, 0);
      expect(markFills(stageBarSvg([{ code, name: code, value }]))).toEqual([page.color]);
    }
    expect(stageBars(building, 'estimate', 'green', {}).color).toBe(SINK_COLOR);
  });
});
