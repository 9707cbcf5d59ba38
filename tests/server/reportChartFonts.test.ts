// The report's charts drawn with reduced copies of the fonts (src/server/reports/chartFonts.ts: the outlines of the
// CJK characters they do not use left out, so resvg, which reads the font file for every glyph, reads far less):
// the same PNG bytes as with the whole fonts, and nothing left behind.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { reducedFont, withChartFonts } from '../../src/server/reports/chartFonts';
import { shareDonutSvg, stageBarSvg, toPng } from '../../src/server/reports/charts';
import { decisionChartSvg } from '../../src/server/reports/decisionCharts';
import { FONT_BOLD, FONT_REGULAR } from '../../src/server/reports/fonts';

// the charts of a report: stage names, Latin and digits, the arrow and the full-width colon of the tornado's title,
// a material name with rarer characters
const points = [
  { code: 'produce', name: '建材生产', value: 1234.5 },
  { code: 'trans', name: '建材运输', value: 88.25 },
  { code: 'green', name: '碳汇', value: -40 },
];
const svgs = [
  shareDonutSvg(points),
  stageBarSvg(points),
  decisionChartSvg({
    kind: 'waterfall',
    title: '方案对比：基准方案 → 低碳方案',
    steps: [
      { label: '基准方案', value: 1282.75, kind: 'start' },
      { label: '建材生产', value: -210.4, kind: 'delta' },
      { label: '低碳方案', value: 1072.35, kind: 'end' },
    ],
  }),
  // a character written as a reference (鑫, U+946B, in no other chart) is drawn from the copy too
  '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="60"><text x="10" y="40" style="font-size:24px;font-family:Noto Sans SC;">&#x946B;&#37995;</text></svg>',
  decisionChartSvg({
    kind: 'tornado',
    nominal: 1282.75,
    bars: [
      { label: '因子：大口径埋弧焊直缝钢管（估算 ±50%）', kind: 'quality', low: 1200, high: 1390, swing: 190 },
      { label: '设计使用年限', kind: 'life', low: 1250, high: 1300, swing: 50 },
    ],
  }),
];

describe('the charts drawn with reduced fonts', () => {
  it('are the same PNG bytes as with the whole fonts', () => {
    const whole = svgs.map((svg) => toPng(svg));
    const reduced = withChartFonts(svgs, (fonts) => {
      // (the copies, not the package's files)
      expect(fonts).not.toContain(FONT_REGULAR);
      return svgs.map((svg) => toPng(svg, undefined, fonts));
    });
    reduced.forEach((png, i) => expect(png.equals(whole[i]), `chart ${i + 1}`).toBe(true));
  });

  it('a reduced font is a small part of the whole one, and its folder is gone after the drawing', () => {
    for (const file of [FONT_REGULAR, FONT_BOLD]) {
      const whole = readFileSync(file);
      expect(reducedFont(whole, svgs.join(''))!.length).toBeLessThan(whole.length / 5);
    }
    const used = withChartFonts(svgs, (fonts) => fonts);
    for (const f of used) expect(existsSync(f), f).toBe(false);
  });

  it('text with a variation selector gets the whole fonts', () => {
    expect(withChartFonts(['<text>葛\u{E0100}</text>'], (fonts) => fonts)).toEqual([FONT_REGULAR, FONT_BOLD]);
  });
});
