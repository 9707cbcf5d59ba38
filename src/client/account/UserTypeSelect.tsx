// 用户类型: 1 设计院, 2 施工单位, 3 房地产企业, 4 工程咨询单位, 5 业主 (or none).
import { MenuItem, TextField, type TextFieldProps } from '@mui/material';
import { USER_TYPES } from './rules';

export const UserTypeSelect = (props: Omit<TextFieldProps, 'select' | 'label' | 'children'>) => (
  <TextField {...props} select label="用户类型">
    <MenuItem value="">
      <em>未选择</em>
    </MenuItem>
    {USER_TYPES.map((t) => (
      <MenuItem key={t.value} value={t.value}>
        {t.label}
      </MenuItem>
    ))}
  </TextField>
);
