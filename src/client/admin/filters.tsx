// List filters from `x-filter`: like → text search; eq → select for enums/dictionaries, else text;
// range → two number inputs <field>Min / <field>Max (the API's range parameters).
import type { ReactElement } from 'react';
import { NumberInput, SelectInput, TextInput, type SelectInputProps } from 'react-admin';
import type { PropertySchema, ResourceSchema } from '../../../schemas/index';
import { enumChoices, useDict } from './useDicts';
import { isNumeric } from './schemaFields';

const DictSelectInput = ({
  dictCode,
  values,
  ...rest
}: SelectInputProps & { dictCode?: string; values: readonly unknown[] }) => {
  const dict = useDict(dictCode);
  return <SelectInput {...rest} choices={enumChoices(values, dict)} />;
};

const enumOf = (p: PropertySchema) => p.enum ?? p.items?.enum;

/** The filter inputs of a list page: of every x-filter property, or of those with one of `ops`. */
export function schemaFilters(schema: ResourceSchema, ops?: readonly string[]): ReactElement[] {
  const out: ReactElement[] = [];
  for (const [name, p] of Object.entries(schema.properties)) {
    const op = p['x-filter'];
    if (!op || (ops && !ops.includes(op))) continue;
    if (op === 'like') out.push(<TextInput key={name} source={name} alwaysOn resettable />);
    else if (op === 'eq' && enumOf(p))
      out.push(<DictSelectInput key={name} source={name} alwaysOn dictCode={p['x-dict']} values={enumOf(p)!} />);
    else if (op === 'eq' && isNumeric(p)) out.push(<NumberInput key={name} source={name} alwaysOn />);
    else if (op === 'eq') out.push(<TextInput key={name} source={name} alwaysOn resettable />);
    else if (op === 'range') {
      out.push(
        <NumberInput key={`${name}Min`} source={`${name}Min`} alwaysOn />,
        <NumberInput key={`${name}Max`} source={`${name}Max`} alwaysOn />,
      );
    }
  }
  return out;
}
