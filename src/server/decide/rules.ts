// The decision tools' rules on generic writes (a domain registers its hooks): a reference line is either
// a figure (value, or a range low ≤ high) or marked U without one — an unknown figure is never stored as 0 — and a
// deleted building takes its variants with it.
import { registerHooks } from '../db/hooks';
import { invalid } from '../errors';
import type { FieldError } from '../../../schemas/validation';

export const BENCHMARK_MSG = {
  unknownWithValue: '核实标记为 U（未知）时，参考值与区间应为空',
  valueMissing: '请输入参考值或区间（未知的数值请将核实标记设为 U）',
  range: '区间下限不能大于区间上限',
} as const;

registerHooks('tpf3Benchmark', {
  async validate({ body }) {
    const given = (k: string) => body[k] != null && body[k] !== '';
    const errors: FieldError[] = [];
    const any = given('value') || given('low') || given('high');
    if (body.verification === 'U' && any) errors.push({ field: 'value', errorMsg: BENCHMARK_MSG.unknownWithValue });
    if (body.verification !== 'U' && !any) errors.push({ field: 'value', errorMsg: BENCHMARK_MSG.valueMissing });
    if (given('low') && given('high') && Number(body.low) > Number(body.high))
      errors.push({ field: 'low', errorMsg: BENCHMARK_MSG.range });
    if (errors.length) throw invalid(errors);
  },
});

registerHooks('tpf3Project', {
  async afterDelete({ trx, ids }) {
    await trx.deleteFrom('tpf3_variant').where('project_id', 'in', ids).execute();
  },
});
