// react-admin's Confirm as the product asks: 确定 and 取消, and 取消 with a plain close mark — its default error
// mark (!) on the button that only cancels read as a warning.
import CloseIcon from '@mui/icons-material/Close';
import { Confirm, type ConfirmProps } from 'react-admin';

export const ConfirmDialog = (props: ConfirmProps) => (
  <Confirm confirm="确定" cancel="取消" CancelIcon={CloseIcon} {...props} />
);
