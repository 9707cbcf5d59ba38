// 说明: what the report says of the stages (sources not yet checked, notes, warnings, a stage outside the boundary),
// what the intensities divide by, how the figures are shown and counted, and the library's marks.
import { dictItems, flattenDict } from '../../cache/dicts';
import { basisOf, intensityNotes } from '../../../calc/intensity';
import type { ReportSection } from '../blocks';
import type { ReportContext } from '../context';

export async function notesSection({ db, building: b, stages }: ReportContext): Promise<ReportSection> {
  const marks = await dictItems(db, 'verification');
  const unchecked = stages.some((s) => s.unchecked);
  const items = [
    ...stages.flatMap((s) => s.explained),
    ...intensityNotes(basisOf(b), String(b.computeMethod)),
    '碳排放总量与各阶段碳排放量均为计算时保存的数值，各自按两位小数显示；各阶段显示值之和可能与总量的显示值相差 0.01。',
    '可再生能源（光伏、太阳能热水等）的产能按其替代的能源抵减运行碳排放，抵减量不超过运行能耗的碳排放（运行合计不低于零）。',
    '未单独填写排放因子的用电按上述电网排放因子计算，记为默认值。',
    `核实标记：${
      Object.entries(marks ? flattenDict(marks) : {})
        .map(([k, v]) => `${k} ${v}`)
        .join('、') || '—'
    }${unchecked ? '；标记为 M、D、U 或来源标注“回忆值”“推导值”“来源未知”的数值尚待核实' : ''}。`,
  ];
  return { title: '说明', blocks: [{ kind: 'list', items, numbered: true }] };
}
