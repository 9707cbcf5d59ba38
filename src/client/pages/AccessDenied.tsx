import { Alert } from '@mui/material';
import { Title } from 'react-admin';
import { PageHeading } from '../admin/PageHeading';
import { MSG } from '../constants';

/** A resource page the user's roles may not open: its heading and why, where react-admin's own page had neither. */
export const AccessDenied = () => (
  <>
    <Title title="没有权限" />
    <PageHeading title="没有权限" />
    <Alert severity="error" sx={{ my: 2 }}>
      {MSG.forbidden}
    </Alert>
  </>
);

export default AccessDenied;
