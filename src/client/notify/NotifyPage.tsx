// /notify 消息通知: the caller's own notifications, newest first, paged (10; 5/10/25/50/100), 全部 or 未读;
// 全部标为已读; each row opens its link, is marked read or deleted (InboxRow). 暂无数据 when empty.
import { useEffect, useState } from 'react';
import { Button, Container, List, Tab, Tabs } from '@mui/material';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import { ListBase, Loading, Pagination, useListContext, useNotify } from 'react-admin';
import { PageCard } from '../admin/PageCard';
import { DEFAULT_PAGE_SIZE, DEFAULT_SORT, PAGE_SIZE_OPTIONS } from '../constants';
import { NoData } from '../admin/NoData';
import { errorMessage } from '../admin/useConfirmedAction';
import { InboxRow } from './InboxRow';
import { notifyChanged } from '../session/inboxEvent';
import { markRead, type InboxItem } from './notifyApi';
import { useUnreadCount } from './useUnreadCount';

const MarkAllRead = () => {
  const count = useUnreadCount();
  const notify = useNotify();
  const { refetch } = useListContext();
  const [busy, setBusy] = useState(false);
  const click = async () => {
    setBusy(true);
    try {
      await markRead({ all: true });
      notify('已标记为已读', { type: 'success' });
      await refetch();
    } catch (err) {
      notify(errorMessage(err), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" startIcon={<DoneAllIcon />} disabled={busy || count === 0} onClick={() => void click()}>
      全部标为已读
    </Button>
  );
};

const Inbox = () => {
  const { data, isPending } = useListContext<InboxItem>();
  if (isPending) return <Loading loadingPrimary="正在加载, 请稍候..." loadingSecondary="" />;
  if (!data?.length) return <NoData />;
  return (
    <List disablePadding aria-label="消息列表">
      {data.map((item) => (
        <InboxRow key={item.id} item={item} />
      ))}
    </List>
  );
};

export const NotifyPage = () => {
  const [unreadOnly, setUnreadOnly] = useState(false);
  // the badge may be up to a poll old: count again when the inbox opens
  useEffect(() => {
    notifyChanged();
  }, []);
  return (
    <Container maxWidth="md" disableGutters sx={{ py: 2 }}>
      {/* keyed by the filter: switching it starts again on page 1 */}
      <ListBase
        key={unreadOnly ? 'unread' : 'all'}
        resource="sysNotify"
        filter={unreadOnly ? { readFlag: 0 } : undefined}
        perPage={DEFAULT_PAGE_SIZE}
        sort={DEFAULT_SORT}
        disableSyncWithLocation
        storeKey={false}
      >
        <PageCard page title="消息通知" action={<MarkAllRead />}>
          <Tabs
            value={unreadOnly ? 'unread' : 'all'}
            onChange={(_, v: string) => setUnreadOnly(v === 'unread')}
            sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}
          >
            <Tab value="all" label="全部" />
            <Tab value="unread" label="未读" />
          </Tabs>
          <Inbox />
          <Pagination rowsPerPageOptions={PAGE_SIZE_OPTIONS} />
        </PageCard>
      </ListBase>
    </Container>
  );
};

export default NotifyPage;
