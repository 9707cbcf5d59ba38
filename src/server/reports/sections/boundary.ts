// 计算边界与方法: the formula basis the result page shows too (src/calc/formulaBasis.ts), the module and stage, the
// stages included, the areas and years the intensities divide by, and the grid factor.
import { moduleDef } from '../../../../schemas/standards';
import { roundTo } from '../../../calc/format';
import { formulaBasis } from '../../../calc/formulaBasis';
import { basisOf } from '../../../calc/intensity';
import type { ReportSection } from '../blocks';
import type { ReportContext } from '../context';
import { f2, factorText, orDash as text } from '../stageTable';

export function boundarySection({ building: b, stages }: ReportContext): ReportSection {
  const module = String(b.computeMethod);
  const basis = basisOf(b);
  const grid =
    b.gridFactorValue === null || b.gridFactorValue === undefined
      ? '未设置'
      : `${factorText(b.gridFactorValue)} ${text(b.gridFactorUnit)}`;
  const items = [
    ...formulaBasis(b.standard as string | undefined).lines,
    `计算模块：${moduleDef(module)?.name ?? module}；项目阶段：${text(b.stage)}。`,
    `计算边界（纳入的阶段）：${stages.map((s) => s.title).join('、') || '—'}。`,
    `设计使用年限 ${text(b.useDateLimit)} 年，建筑面积 ${f2(b.buildArea)} m²。`,
    ...(module === 'accounting'
      ? [
          `核算面积 ${f2(basis.area)} m²（${basis.areaSource}）；建筑运行的运行年数 ${text(roundTo(basis.operationYears, 2))} 年（${basis.operationYearsSource}）。`,
        ]
      : []),
    `电网排放因子：${grid}；来源：${text(b.gridFactorSource)}。`,
    '各行碳排放量 = 活动数据 × 排放因子（kgCO2e），阶段合计以 tCO2e 计；碳汇为负值（吸收）。表中“标识”为因子库的核实标记，“默认值”为计算时代为填入的数值及其来源。',
  ];
  return { title: '计算边界与方法', blocks: [{ kind: 'list', items }] };
}
