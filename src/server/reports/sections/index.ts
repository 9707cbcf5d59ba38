// The report's sections after the cover, in report order: one builder per line. A builder is given the building
// and its stored result (context.ts) and answers its section, several, or null when it has nothing to say
// (docs/development.md: How to add a report section).
import type { ReportSection } from '../blocks';
import type { ReportContext } from '../context';
import { appendixSection } from './appendix';
import { boundarySection } from './boundary';
import { hotspotsSection } from './hotspots';
import { infoSection } from './info';
import { modulesSection } from './modules';
import { notesSection } from './notes';
import { plausibilitySection } from './plausibility';
import { qualitySection } from './quality';
import { referenceSection } from './reference';
import { resultsSection } from './results';
import { signoffSection } from './signoff';
import { stagesSection } from './stages';
import { uncertaintySection } from './uncertainty';
import { variantsSection } from './variants';

type Built = ReportSection | ReportSection[] | null;
export type SectionBuilder = (ctx: ReportContext) => Built | Promise<Built>;

export const REPORT_SECTIONS: SectionBuilder[] = [
  signoffSection, // 签署页 (a frozen report's)
  infoSection, // 建筑信息
  boundarySection, // 计算边界与方法
  stagesSection, // 各阶段碳排放计算
  resultsSection, // 计算结果
  modulesSection, // EN 15978 模块
  qualitySection, // 数据质量
  notesSection, // 说明
  plausibilitySection, // 合理性检查
  referenceSection, // 参考线
  variantsSection, // 方案对比 (with variants)
  hotspotsSection, // 碳排放热点
  uncertaintySection, // 不确定性分析
  appendixSection, // 附录 变更记录 (a frozen report's)
];
