// 协作人: users of the caller's tenant (sysUser/dropDownByOrg), several at once; saved as ids joined with ';'.
// Only the building's creator may change them; the creator is shown as 创建人.
import { Autocomplete, Stack, TextField, Typography } from '@mui/material';
import { useTenantUsers } from './lookups';

export interface CollaboratorSelectProps {
  label: string;
  value: string[];
  onChange: (ids: string[]) => void;
  /** The creator's user id: never offered as a collaborator. */
  creatorId?: string;
  creatorName?: string;
  enabled: boolean;
  error?: string;
}

export function CollaboratorSelect({
  label,
  value,
  onChange,
  creatorId,
  creatorName,
  enabled,
  error,
}: CollaboratorSelectProps) {
  const users = useTenantUsers();
  const ids = Object.keys(users).filter((id) => id !== creatorId);
  const options = [...ids, ...value.filter((id) => !ids.includes(id))];
  const name = (id: string) => users[id] ?? id;
  return (
    <Stack spacing={0.5}>
      <Autocomplete
        multiple
        options={options}
        value={value}
        onChange={(_e, v) => onChange(v)}
        getOptionLabel={name}
        disabled={!enabled}
        disableCloseOnSelect
        noOptionsText="暂无数据"
        renderInput={(params) => <TextField {...params} label={label} error={!!error} helperText={error} />}
      />
      <Typography variant="body2" color="text.secondary">
        创建人: {creatorName ?? ''}
      </Typography>
    </Stack>
  );
}
