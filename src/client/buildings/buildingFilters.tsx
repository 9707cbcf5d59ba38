// The building list's filters: 单体名称, 计算方式 (on the all-modules list only), and the standards and stages
// of the module(s) shown, 建设地点, 结构类型 and 状态, their names from the dictionaries.
import { SelectInput, TextInput, type SelectInputProps } from 'react-admin';
import { MODULES, STANDARD_NAMES, type ModuleCode } from '../../../schemas/standards';
import { useDict } from '../admin/useDicts';
import { CityFilterInput } from '../map/CityPicker';

const STATUS_LABELS: Record<string, string> = { '0': '未完成', '1': '已完成' };

type ChoiceFilterProps = Omit<SelectInputProps, 'choices'>;

const StandardFilter = ({ codes, ...rest }: ChoiceFilterProps & { codes: readonly string[] }) => {
  const dict = useDict('standard');
  return (
    <SelectInput
      {...rest}
      choices={codes.map((c) => ({ id: c, name: dict[c] ?? STANDARD_NAMES[c as keyof typeof STANDARD_NAMES] ?? c }))}
    />
  );
};

const StatusFilter = (props: ChoiceFilterProps) => {
  const dict = useDict('projectStatus');
  return <SelectInput {...props} choices={['0', '1'].map((c) => ({ id: c, name: dict[c] ?? STATUS_LABELS[c] }))} />;
};

export function buildingFilters(module: ModuleCode | undefined) {
  const mods = module ? MODULES.filter((m) => m.code === module) : MODULES;
  const standards = [...new Set(mods.flatMap((m) => m.standards.map((s) => s.code)))];
  const stages = [...new Set(mods.flatMap((m) => m.standards.flatMap((s) => s.stages)))];
  return [
    <TextInput
      key="name"
      source="name"
      label="单体名称"
      alwaysOn
      resettable
      slotProps={{ htmlInput: { maxLength: 50 } }}
    />,
    ...(module
      ? []
      : [
          <SelectInput
            key="computeMethod"
            source="computeMethod"
            label="计算方式"
            alwaysOn
            choices={MODULES.map((m) => ({ id: m.code, name: m.label }))}
          />,
        ]),
    <StandardFilter key="standard" source="standard" label="计算标准" alwaysOn codes={standards} />,
    <SelectInput
      key="stage"
      source="stage"
      label="项目阶段"
      alwaysOn
      choices={stages.map((s) => ({ id: s, name: s }))}
    />,
    <CityFilterInput key="site" source="site" label="建设地点" alwaysOn />,
    <TextInput key="structureType" source="structureType" label="结构类型" alwaysOn resettable />,
    <StatusFilter key="status" source="status" label="状态" alwaysOn />,
  ];
}
