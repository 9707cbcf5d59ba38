// /feedback 问题反馈 for every logged-in user: the form, then 我的反馈 (paged, newest first).
import { CardContent, Container, Stack } from '@mui/material';
import { ListBase, Pagination, useListContext } from 'react-admin';
import { PageCard } from '../admin/PageCard';
import { DEFAULT_PAGE_SIZE, DEFAULT_SORT, PAGE_SIZE_OPTIONS } from '../constants';
import { FeedbackForm } from './FeedbackForm';
import { MyFeedbackList } from './MyFeedbackList';

const FormCard = () => {
  const { refetch } = useListContext();
  return (
    <PageCard page title="问题反馈" subheader="使用中遇到问题或有改进建议，请告诉我们；处理结果会通过站内消息通知您">
      <CardContent sx={{ pt: 0 }}>
        <FeedbackForm onSent={() => void refetch()} />
      </CardContent>
    </PageCard>
  );
};

export const FeedbackPage = () => (
  <Container maxWidth="md" disableGutters sx={{ py: 2 }}>
    <ListBase
      resource="sysFeedback"
      filter={{ mine: true }}
      perPage={DEFAULT_PAGE_SIZE}
      sort={DEFAULT_SORT}
      disableSyncWithLocation
      storeKey={false}
    >
      <Stack spacing={2}>
        <FormCard />
        <PageCard title="我的反馈">
          <MyFeedbackList />
          <Pagination rowsPerPageOptions={PAGE_SIZE_OPTIONS} />
        </PageCard>
      </Stack>
    </ListBase>
  </Container>
);

export default FeedbackPage;
