// A page's heading (its one h1) where no card or header gives one: the list pages, the building form and a refused
// page. The stage, result and bespoke pages have theirs (StageHeader, PageCard); a screen reader finds a page by it.
import { Typography } from '@mui/material';

export const PageHeading = ({ title }: { title: string }) => (
  <Typography variant="h6" component="h1" sx={{ mt: 1 }}>
    {title}
  </Typography>
);
