// 方案对比, only for a building with variants: each variant against the 基准方案 by stage, its waterfall and the rows
// that changed most (stored in kgCO2e).
import type { ReportBlock, ReportSection } from '../blocks';
import type { ReportContext } from '../context';
import { f2 } from '../stageTable';

const KIND_LABEL = { changed: '修改', added: '新增', removed: '删除' } as const;

const pct = (v: number | null | undefined) => (v === null || v === undefined ? '—' : `${f2(v)}%`);

export function variantsSection({ decision }: Pick<ReportContext, 'decision'>): ReportSection | null {
  const v = decision.variants;
  if (!v) return null;
  const base = v.baseline;
  const out: ReportBlock[] = [{ kind: 'text', text: `基准方案：${base.name}，碳排放总量 ${f2(base.total)} tCO2e。` }];
  if (!v.compared.length)
    return { title: '方案对比', blocks: [...out, { kind: 'text', text: '暂无数据', tone: 'note' }] };
  for (const c of v.compared) {
    out.push(
      { kind: 'heading', text: `${c.variant.name} 与 ${base.name}` },
      {
        kind: 'text',
        text: `来源：${c.variant.origin}；碳排放总量 ${f2(c.variant.total)} tCO2e，较基准方案变化 ${f2(c.totalDiff)} tCO2e（${pct(c.totalDiffPct)}）。`,
      },
      {
        kind: 'table',
        table: {
          header: ['阶段', '基准方案(tCO2e)', '本方案(tCO2e)', '差值(tCO2e)', '差值(%)'],
          numeric: [1, 2, 3, 4],
          rows: [
            ...c.stages.map((s) => [s.title, f2(s.baseline), f2(s.value), f2(s.diff), f2(s.diffPct)]),
            ['合计', f2(base.total), f2(c.variant.total), f2(c.totalDiff), f2(c.totalDiffPct)],
          ],
        },
      },
    );
    if (c.waterfall.length)
      out.push({
        kind: 'picture',
        picture: { kind: 'waterfall', steps: c.waterfall, title: `${base.name} → ${c.variant.name}（tCO2e）` },
        alt: `${c.variant.name} 瀑布图`,
      });
    out.push(
      { kind: 'text', text: '变化最大的行', tone: 'strong' },
      {
        kind: 'table',
        table: {
          header: ['阶段', '名称', '变化', '说明', '变化前(kgCO2e)', '变化后(kgCO2e)', '差值(kgCO2e)'],
          numeric: [4, 5, 6],
          rows: c.changes.map((x) => [
            x.stageTitle,
            x.label,
            KIND_LABEL[x.kind],
            x.detail || '—',
            f2(x.before),
            f2(x.after),
            f2(x.diff),
          ]),
        },
        widths: [50, 70, 30, 120, 60, 60, 60],
      },
    );
  }
  return { title: '方案对比', blocks: out };
}
