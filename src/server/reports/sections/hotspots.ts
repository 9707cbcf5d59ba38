// 碳排放热点: the rows emitting most, each building-material row with its lower-factor substitutes of the same kind
// and unit (stored in kgCO2e, shown in tCO2e).
import type { ReportBlock, ReportSection } from '../blocks';
import type { ReportContext } from '../context';
import { f2, factorText } from '../stageTable';

const t = (kg: number | null | undefined) => f2(kg === null || kg === undefined ? null : kg / 1000);

export function hotspotsSection({ decision }: Pick<ReportContext, 'decision'>): ReportSection {
  const h = decision.hotspots;
  return {
    title: '碳排放热点',
    blocks: [
      {
        kind: 'text',
        text: `正排放合计 ${t(h.total)} tCO2e；下表为碳排放量最大的 ${h.rows.length} 行，建材生产行列出同类、同单位、碳排放因子更低的替代材料。`,
      },
      {
        kind: 'table',
        table: {
          header: ['排名', '阶段', '名称', '碳排放(tCO2e)', '占比(%)', '累计(%)'],
          numeric: [0, 3, 4, 5],
          rows: h.rows.map((r, i) => [
            String(i + 1),
            r.stageTitle,
            r.label,
            t(r.emission),
            f2(r.share),
            f2(r.cumulative),
          ]),
          details: h.rows.map((r) =>
            r.substitutes.map(
              (s) =>
                `可替代为 ${s.name}（${factorText(s.factorValue)} ${s.factorUnit}${s.source ? `，${s.source}` : ''}）：碳排放 ${t(s.emission)} tCO2e，可减排 ${t(s.saving)} tCO2e（${f2(s.savingPct)}%）`,
            ),
          ),
        },
        widths: [28, 60, 160, 70, 50, 50],
      },
      ...h.notes.map((n): ReportBlock => ({ kind: 'text', text: `注：${n}`, tone: 'note' })),
    ],
  };
}
