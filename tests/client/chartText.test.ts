// Chart texts that ApexCharts writes with innerHTML (tooltip title, series names, legend) are escaped, whatever
// formatter a chart brings; the escaper itself turns every markup character into a reference.
import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../src/client/escapeHtml';
import { escapedTexts } from '../../src/client/results/Chart';

const NAME = `<img src=x onerror="alert('1')">&`;
const ESCAPED = '&#60;img src=x onerror=&#34;alert(&#39;1&#39;)&#34;&#62;&#38;';

type Fn = (v: unknown, o?: unknown) => string;

describe('escapeHtml', () => {
  it('escapes & < > " and \' and leaves other text alone', () => {
    expect(escapeHtml(NAME)).toBe(ESCAPED);
    expect(escapeHtml('A1研发办公楼 = 1+2')).toBe('A1研发办公楼 = 1+2');
  });
});

describe('escapedTexts', () => {
  it('escapes the tooltip title, series titles and legend by default', () => {
    const o = escapedTexts({});
    expect((o.tooltip!.x!.formatter as Fn)(NAME)).toBe(ESCAPED);
    expect((o.tooltip!.x!.formatter as Fn)(['甲', NAME])).toBe(`甲 ${ESCAPED}`); // multi-line categories
    expect((o.tooltip!.y as { title: { formatter: Fn } }).title.formatter(NAME)).toBe(`${ESCAPED}: `);
    expect((o.tooltip!.y as { title: { formatter: Fn } }).title.formatter('')).toBe('');
    expect((o.legend!.formatter as Fn)(NAME)).toBe(ESCAPED);
  });

  it("escapes what a chart's own formatters answer and keeps its other options", () => {
    const y = { formatter: (v: number) => `${v} t`, title: { formatter: (n: string) => `[${n}]` } };
    const o = escapedTexts({
      tooltip: { shared: false, x: { formatter: (v: unknown) => `${v}!` }, y },
      legend: { position: 'top', formatter: (n: string) => `${n}?` },
    });
    expect(o.tooltip!.shared).toBe(false);
    expect(o.legend!.position).toBe('top');
    expect((o.tooltip!.x!.formatter as Fn)('<b>')).toBe('&#60;b&#62;!');
    const ty = o.tooltip!.y as { formatter: Fn; title: { formatter: Fn } };
    expect(ty.formatter(2)).toBe('2 t');
    expect(ty.title.formatter('<b>')).toBe('[&#60;b&#62;]');
    expect((o.legend!.formatter as Fn)('<b>')).toBe('&#60;b&#62;?');
  });

  it('escapes per-series tooltip titles given as an array', () => {
    const o = escapedTexts({ tooltip: { y: [{ title: { formatter: (n: string) => n } }, {}] } });
    const [a, b] = o.tooltip!.y as { title: { formatter: Fn } }[];
    expect(a.title.formatter('<i>')).toBe('&#60;i&#62;');
    expect(b.title.formatter('<i>')).toBe('&#60;i&#62;: ');
  });
});
