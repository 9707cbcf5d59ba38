// 对比建筑: up to three completed buildings, searched on the server by name as the user types (the latest changed
// first, PICK_PAGE at a time) — a tenant of thousands of buildings never sends them all; when more match than are
// offered, the field says how many and asks for a name. Nothing is asked before the field is opened: most views of
// the page compare nothing, and at ten users at once the search was a third of the page's load.
import { useState } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '../admin/debounce';
import { errorMessage } from '../admin/useConfirmedAction';
import { formatNumber } from '../../calc/format';
import { PICK_PAGE, searchCompletedBuildings } from './resultApi';
import { pickWithLimit, type BuildingResult } from './resultModel';

export const COMPARE_LIMIT = 3;

const sameBuilding = (a: BuildingResult, b: BuildingResult) => a.id === b.id;

export function ComparePicker({
  module,
  currentId,
  picked,
  onPick,
}: {
  module?: string;
  currentId?: number;
  picked: BuildingResult[];
  onPick: (next: BuildingResult[]) => void;
}) {
  const [input, setInput] = useState('');
  const [opened, setOpened] = useState(false);
  const name = useDebouncedValue(input, 200);
  const found = useQuery({
    queryKey: ['compare', 'completed', module ?? '', name],
    queryFn: ({ signal }) => searchCompletedBuildings(name, module, signal),
    placeholderData: keepPreviousData,
    retry: false,
    enabled: opened,
  });
  const options = (found.data?.dataList ?? []).filter((b) => b.id !== currentId);
  const more = (found.data?.total ?? 0) > PICK_PAGE;
  const hint = found.error
    ? errorMessage(found.error)
    : more
      ? `共 ${formatNumber(found.data!.total, 0)} 个已完成的单体，显示最近修改的 ${PICK_PAGE} 个，请输入名称查找`
      : undefined;
  return (
    <Autocomplete
      multiple
      options={options}
      value={picked}
      loading={found.isFetching || (!found.data && !found.isError)}
      onOpen={() => setOpened(true)}
      filterOptions={(opts) => opts}
      getOptionLabel={(b) => b.name}
      getOptionKey={(b) => b.id}
      isOptionEqualToValue={sameBuilding}
      onInputChange={(_e, text, reason) => {
        if (reason === 'input') setInput(text);
        else if (reason === 'clear' || reason === 'reset') setInput('');
      }}
      onChange={(_, next) => onPick(pickWithLimit(picked, next, COMPARE_LIMIT, sameBuilding))}
      noOptionsText="暂无数据"
      loadingText="正在加载, 请稍候..."
      renderInput={(params) => (
        <TextField
          {...params}
          label="对比建筑（最多 3 个）"
          placeholder="选择已完成的单体建筑"
          error={!!found.error}
          helperText={hint}
        />
      )}
      sx={{ mb: 2 }}
    />
  );
}
