// Which kind of 建筑建造 row a building counts: its chosen method of the construction stage — 按总能源用量计算
// counts the rows of energy used (a bill's energy and water items), 按施工机械和临时设施计算 the machine-shift rows
// (its 台班 items). The other kind would be kept but 未计入, so the mapping preselects only the counted kind and the
// import refuses the other. A building that has not chosen counts as the calculation does (src/calc/stage.ts
// methodOf: the stage's default method, 按总能源用量计算), so the import's rows are those that will count.
import { stageOfRole } from '../../../schemas/stageMeta';
import type { BudgetBuildMethod, BudgetClass } from '../../../schemas/budget';
import { methodOf } from '../../calc/stage';
import type { ApiRecord } from '../db/record';
import { stageDef } from '../stages/calculate';

const stage = () => {
  const code = stageOfRole('construction')!;
  return { code, schema: stageDef(code)!.schema };
};
const labelOf = (value: string) => stage().schema['x-stage']!.methods!.find((m) => m.value === value)!.label;

export function buildMethodOf(building: ApiRecord): BudgetBuildMethod {
  const { code, schema } = stage();
  const chosen = (building.stageMethods as Record<string, string> | null | undefined)?.[code];
  const value = methodOf(schema, chosen) === 'machine' ? 'machine' : 'energy';
  return { value, label: labelOf(value), chosen: value === chosen };
}

/** The method an item's rows are counted under (energy and water: energy used; 台班: machines), or undefined. */
export const methodOfClass = (cls: BudgetClass): BudgetBuildMethod['value'] | undefined =>
  cls === 'machine' ? 'machine' : cls === 'energy' ? 'energy' : undefined;

/** Why an item of the kind the building leaves out is not imported: the item, the method, what to do. */
export function leftOutMessage(label: string, method: BudgetBuildMethod): string {
  const kind = method.value === 'energy' ? '机械台班' : '能源用量';
  return `「${label}」为${kind}，本单体建筑建造${method.chosen ? '' : '未选择计算方式，默认'}按「${method.label}」计算，${kind}不计入；请不导入该项，或先在建筑建造页面将计算方式改为「${labelOf(method.value === 'energy' ? 'machine' : 'energy')}」`;
}
