// 各阶段碳排放计算: one sub-heading per wizard stage (N.k), its method, its table with every row's trace, its stored
// total, then its warnings and notes.
import type { ReportBlock, ReportSection } from '../blocks';
import type { ReportContext } from '../context';
import { f2 } from '../stageTable';

export function stagesSection({ stages }: Pick<ReportContext, 'stages'>): ReportSection {
  const blocks: ReportBlock[] = stages.flatMap((s): ReportBlock[] => [
    { kind: 'heading', text: s.title },
    ...(s.method ? [{ kind: 'text' as const, text: `计算方式：${s.method}` }] : []),
    { kind: 'table', table: s.table },
    ...(s.total !== null
      ? [{ kind: 'text' as const, text: `${s.name}阶段合计：${f2(s.total)} tCO2e`, tone: 'strong' as const }]
      : []),
    ...s.warnings.map((w): ReportBlock => ({ kind: 'text', text: `提示：${w}`, tone: 'warning' })),
    ...s.notes.map((n): ReportBlock => ({ kind: 'text', text: `注：${n}`, tone: 'note' })),
  ]);
  return { title: '各阶段碳排放计算', tight: true, blocks };
}
