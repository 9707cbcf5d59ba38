// 运行分项方式 (runtimeType): how an
// accounting building's operation emissions are broken down in its result — by system ('1': 暖通空调, 照明,
// 电梯 …) or by the accounting types ('2': 能源, 日常用水, 可再生能源; src/calc/building.ts runtimeBreakdown).
// Estimate and budget buildings are always broken down by system, so the form shows it for accounting only.
import { FormControl, FormControlLabel, FormHelperText, FormLabel, Radio, RadioGroup } from '@mui/material';
import { tpf3Project } from '../../../../schemas/domain/tpf3Project';
import { ACCOUNTING_RUNTIME_TYPES } from '../../../calc/building';

const LABELS = tpf3Project.properties.runtimeType['x-enumLabels'];

export const RUNTIME_TYPES: readonly (readonly [string, string])[] = [
  ['1', `${LABELS['1']}（暖通空调、生活热水、照明、电梯、可再生能源…）`],
  ['2', `${LABELS['2']}（${Object.values(ACCOUNTING_RUNTIME_TYPES).join('、')}）`],
];

export function RuntimeTypeSelect({
  value,
  onChange,
  error,
  disabled,
}: {
  value: string;
  onChange: (v: string) => void;
  error?: string;
  disabled?: boolean;
}) {
  const title = tpf3Project.properties.runtimeType.title;
  return (
    <FormControl component="fieldset" error={!!error} disabled={disabled}>
      <FormLabel component="legend" id="runtime-type-label">
        {title}
      </FormLabel>
      <RadioGroup
        row
        name="runtimeType"
        aria-labelledby="runtime-type-label"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        {RUNTIME_TYPES.map(([v, label]) => (
          <FormControlLabel key={v} value={v} control={<Radio size="small" />} label={label} />
        ))}
      </RadioGroup>
      <FormHelperText>{error ?? '决定计算结果中建筑运行碳排放的分项展示方式'}</FormHelperText>
    </FormControl>
  );
}
