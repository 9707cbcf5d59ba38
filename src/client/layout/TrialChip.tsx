import { Chip } from '@mui/material';
import { useCurrentUser } from './useCurrentUser';

/** Navbar mark for trial accounts (spec 001 §6). */
export const TrialChip = () => {
  const user = useCurrentUser();
  if (!user?.isTrial) return null;
  return <Chip label="试用账号" size="small" color="warning" sx={{ ml: 1 }} />;
};
