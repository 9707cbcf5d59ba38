import { Chip } from '@mui/material';
import { useCurrentUser } from '../session/useCurrentUser';

/**
 * Navbar mark for trial accounts: 试用账号 · 剩余 N 天, or 试用已到期 once the trial is over. On a
 * narrow navbar it shrinks with an ellipsis (the whole text stays in its title).
 */
export const TrialChip = () => {
  const user = useCurrentUser();
  if (!user?.isTrial) return null;
  const label = user.trialExpired
    ? '试用已到期'
    : typeof user.trialDaysLeft === 'number'
      ? `试用账号 · 剩余 ${user.trialDaysLeft} 天`
      : '试用账号';
  return (
    <Chip
      label={label}
      title={label}
      size="small"
      color={user.trialExpired ? 'error' : 'warning'}
      sx={{ ml: 1, minWidth: 0, flexShrink: 1, maxWidth: { xs: 96, sm: 'none' } }}
      data-testid="trial-chip"
    />
  );
};
