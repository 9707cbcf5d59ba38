// 不确定性分析: the Monte Carlo bands of the total and the intensity, the inputs' distributions and the tornado of
// each input's P10→P90 swing; for a building without a band (核算, not calculated) the reason.
import type { Band } from '../../../calc/decide/types';
import type { ReportBlock, ReportSection } from '../blocks';
import type { ReportContext } from '../context';
import { f2 } from '../stageTable';

const bandRow = (label: string, b: Band) => [
  label,
  f2(b.nominal),
  f2(b.mean),
  f2(b.sd),
  f2(b.p10),
  f2(b.p50),
  f2(b.p90),
];

function blocks(decision: ReportContext['decision']): ReportBlock[] {
  const u = decision.uncertainty;
  if (!u) return [{ kind: 'text', text: decision.uncertaintyNote ?? '暂无数据', tone: 'note' }];
  return [
    { kind: 'text', text: `蒙特卡洛模拟 ${u.draws} 次（随机种子 ${u.seed}），各输入按下列分布独立抽样。` },
    {
      kind: 'table',
      table: {
        header: ['指标', '名义值', '均值', '标准差', 'P10', 'P50', 'P90'],
        numeric: [1, 2, 3, 4, 5, 6],
        rows: [
          bandRow('碳排放总量（tCO2e）', u.total),
          ...(u.intensity ? [bandRow('碳排放强度（kgCO2e/(m²·a)）', u.intensity)] : []),
        ],
      },
      widths: [110, 50, 50, 50, 50, 50, 50],
    },
    { kind: 'heading', text: '输入及其分布' },
    {
      kind: 'table',
      table: { header: ['输入', '分布'], numeric: [], rows: u.inputs.map((i) => [i.label, i.distribution]) },
      widths: [1, 2],
    },
    { kind: 'heading', text: '敏感性分析' },
    ...(u.tornado.length
      ? [
          {
            kind: 'picture' as const,
            picture: { kind: 'tornado' as const, bars: u.tornado, nominal: u.total.nominal },
            alt: '龙卷风图',
          },
        ]
      : []),
    {
      kind: 'table',
      table: {
        header: ['输入', '输入取 P10 时总量(tCO2e)', '输入取 P90 时总量(tCO2e)', '摆幅(tCO2e)'],
        numeric: [1, 2, 3],
        rows: u.tornado.map((b) => [b.label, f2(b.low), f2(b.high), f2(b.swing)]),
      },
      widths: [2, 1, 1, 1],
    },
    ...u.notes.map((n): ReportBlock => ({ kind: 'text', text: `注：${n}`, tone: 'note' })),
  ];
}

export const uncertaintySection = ({ decision }: Pick<ReportContext, 'decision'>): ReportSection => ({
  title: '不确定性分析',
  blocks: blocks(decision),
});
