// 校对人, 审核人, 审定人: one user of the caller's tenant each (sysUser/dropDownByOrg), or none until the
// building is submitted for review. The server checks that they are the tenant's and one level each.
import { Autocomplete, TextField } from '@mui/material';
import { useTenantUsers } from './lookups';

export interface SignerSelectProps {
  label: string;
  value: string;
  onChange: (id: string) => void;
  disabled?: boolean;
  error?: string;
}

export function SignerSelect({ label, value, onChange, disabled, error }: SignerSelectProps) {
  const users = useTenantUsers();
  const options = Object.keys(users);
  return (
    <Autocomplete
      options={value && !options.includes(value) ? [value, ...options] : options}
      value={value || null}
      onChange={(_e, v) => onChange(v ?? '')}
      getOptionLabel={(id) => users[id] ?? id}
      disabled={disabled}
      noOptionsText="暂无数据"
      renderInput={(params) => (
        <TextField {...params} label={label} error={!!error} helperText={error ?? '校审时签署；可在提交校审前选择'} />
      )}
    />
  );
}
