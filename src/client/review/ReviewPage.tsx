// src/client/review/ owns 校审 (docs/review.md): /review?id=<building> — a revision's sign-off chain, what the
// caller may do (BuildingReview) — and /review, 待我校审 (WaitingList) with the tenant's sign-off rules
// (SignoffSettingsCard). The server decides every step (src/server/review/); the page shows its answer and
// sends the caller's choices.
import { Box } from '@mui/material';
import { Title } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { BuildingReview } from './BuildingReview';
import { REVIEW_MSG } from './texts';
import { SignoffSettingsCard } from './SignoffSettingsCard';
import { CertificateCard } from './CertificateCard';
import { WaitingList } from './WaitingList';

const positiveInt = (v: string | null) => (v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : null);

export default function ReviewPage() {
  const [params] = useSearchParams();
  const id = positiveInt(params.get('id'));
  return (
    <Box sx={{ py: 2, maxWidth: 1200, minWidth: 0 }}>
      <Title title={id ? REVIEW_MSG.title : REVIEW_MSG.waiting} />
      {id ? (
        <BuildingReview key={id} id={id} />
      ) : (
        <>
          <WaitingList />
          <SignoffSettingsCard />
          <CertificateCard />
        </>
      )}
    </Box>
  );
}
