// A building under review or signed is frozen: its form and stage pages say so — the state, the
// revision, the report number — with a link to its 校审 page; the server refuses any change (403).
import { Alert, Link } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { STATE_LABELS, type ReviewState } from '../../../schemas/review';
import { reviewRoute } from './buildingPages';

export const ReviewNotice = ({ building }: { building: Record<string, unknown> | undefined }) => {
  const state = (building?.reviewState ?? 'draft') as ReviewState;
  if (!building || state === 'draft') return null;
  const signed = state === 'approved';
  return (
    <Alert severity={signed ? 'success' : 'info'} sx={{ mb: 2 }} data-testid="review-notice">
      修订版 {String(building.revision ?? 'A')}{' '}
      {signed
        ? `已审定${building.reportNo ? `（报告编号 ${String(building.reportNo)}）` : ''}`
        : `处于「${STATE_LABELS[state]}」状态`}
      ，已锁定，不能修改。
      <Link component={RouterLink} to={reviewRoute(building.id as number)} sx={{ ml: 1 }}>
        查看校审
      </Link>
    </Alert>
  );
};
