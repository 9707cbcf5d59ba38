// 建筑类型: a pick from the buildType dictionary tree (category / class / type). The form holds the path as an
// array; it is saved joined with '/', e.g. '公共建筑/办公建筑/商务办公'. Every leaf of the tree is offered,
// grouped by its top category and searchable.
import { useMemo } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import type { DictItem } from '../../providers/dataProvider';
import { useDictItems } from '../../admin/useDicts';

/** The label paths of every leaf of a dictionary tree. */
export function leafPaths(items: readonly DictItem[], prefix: string[] = []): string[][] {
  return items.flatMap((it) => {
    const path = [...prefix, it.label];
    return it.children?.length ? leafPaths(it.children, path) : [path];
  });
}

const key = (path: readonly string[]) => path.join('/');

export interface BuildTypePickerProps {
  label: string;
  value: string[];
  onChange: (path: string[]) => void;
  error?: string;
  disabled?: boolean;
}

export function BuildTypePicker({ label, value, onChange, error, disabled }: BuildTypePickerProps) {
  const { items } = useDictItems('buildType');
  const options = useMemo(() => {
    const paths = leafPaths(items);
    // a stored value no longer in the dictionary still shows
    return value.length && !paths.some((p) => key(p) === key(value)) ? [...paths, value] : paths;
  }, [items, value]);
  return (
    <Autocomplete
      options={options}
      value={value.length ? (options.find((p) => key(p) === key(value)) ?? value) : null}
      onChange={(_e, v) => onChange(v ?? [])}
      groupBy={(p) => p[0] ?? ''}
      getOptionLabel={(p) => key(p)}
      isOptionEqualToValue={(a, b) => key(a) === key(b)}
      disabled={disabled}
      noOptionsText="暂无数据"
      renderInput={(params) => <TextField {...params} required label={label} error={!!error} helperText={error} />}
    />
  );
}
