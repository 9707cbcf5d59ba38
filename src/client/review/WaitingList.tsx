// 待我校审: the buildings whose current level the caller signs, newest first, each opening its 校审 page.
import {
  Card,
  CardContent,
  Chip,
  Link,
  List,
  ListItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { usePhone } from '../admin/RecordCards';
import { formatDate } from '../admin/schemaFields';
import { errorMessage } from '../admin/useConfirmedAction';
import { getWaiting, reviewRoute, type WaitingBuilding } from './reviewApi';
import { REVIEW_MSG, STATE_COLORS, STATE_LABELS } from './texts';

/** On a phone: a line per building, instead of a six-column table scrolled inside its card. */
const WaitingItems = ({ items }: { items: WaitingBuilding[] }) => (
  <List disablePadding aria-label={REVIEW_MSG.waiting}>
    {items.length === 0 && <ListItem>{REVIEW_MSG.noWaiting}</ListItem>}
    {items.map((b) => (
      <ListItem key={b.id} divider data-testid="review-waiting-row" sx={{ display: 'block', px: 0 }}>
        <Link component={RouterLink} to={reviewRoute(b.id)}>
          {b.name}
        </Link>
        <Typography variant="body2" color="text.secondary" component="div">
          所属项目：{b.engineeringName}
          <br />
          修订版 {b.revision} · 我的职责：{b.role}
          {b.submittedAt ? `，${formatDate(b.submittedAt, true)} 提交` : ''}
        </Typography>
        <Chip size="small" label={STATE_LABELS[b.state]} color={STATE_COLORS[b.state]} sx={{ mt: 0.5 }} />
      </ListItem>
    ))}
  </List>
);

export const WaitingList = () => {
  const list = useQuery({ queryKey: ['review', 'mine'], queryFn: ({ signal }) => getWaiting(signal), retry: false });
  const phone = usePhone();
  return (
    <>
      <Typography variant="h5" component="h1" gutterBottom>
        {REVIEW_MSG.waiting}
      </Typography>
      <Card variant="outlined">
        <CardContent sx={phone ? undefined : { overflowX: 'auto' }}>
          {list.isError && <Typography color="error">{errorMessage(list.error)}</Typography>}
          {phone ? (
            list.data && <WaitingItems items={list.data} />
          ) : (
            <Table size="small" aria-label={REVIEW_MSG.waiting} sx={{ minWidth: 560 }}>
              <TableHead>
                <TableRow>
                  <TableCell>单体名称</TableCell>
                  <TableCell>所属项目</TableCell>
                  <TableCell>修订版</TableCell>
                  <TableCell>状态</TableCell>
                  <TableCell>我的职责</TableCell>
                  <TableCell>提交时间</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.data?.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={6} align="center">
                      {REVIEW_MSG.noWaiting}
                    </TableCell>
                  </TableRow>
                )}
                {list.data?.map((b) => (
                  <TableRow key={b.id} data-testid="review-waiting-row">
                    <TableCell>
                      <Link component={RouterLink} to={reviewRoute(b.id)}>
                        {b.name}
                      </Link>
                    </TableCell>
                    <TableCell>{b.engineeringName}</TableCell>
                    <TableCell>{b.revision}</TableCell>
                    <TableCell>
                      <Chip size="small" label={STATE_LABELS[b.state]} color={STATE_COLORS[b.state]} />
                    </TableCell>
                    <TableCell>{b.role}</TableCell>
                    <TableCell>{b.submittedAt ? formatDate(b.submittedAt, true) : ''}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
    </>
  );
};
