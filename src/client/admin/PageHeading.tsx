// A page's heading (its one h1) where no card or header gives one: the list pages and the building form. The stage,
// result and bespoke pages have theirs (StageHeader, PageCard); axe asks every page for one (issue 25 §3).
import { Typography } from '@mui/material';

export const PageHeading = ({ title }: { title: string }) => (
  <Typography variant="h6" component="h1" sx={{ mt: 1 }}>
    {title}
  </Typography>
);
