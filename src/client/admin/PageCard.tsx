// The frame of a bespoke page: a card whose header is the page's heading (h1, or h2 for a second card), with an
// optional subheader and action; `page` also sets the browser/app-bar title. One frame for every such page.
import type { ReactNode } from 'react';
import { Card, CardHeader } from '@mui/material';
import { Title } from 'react-admin';

interface Props {
  title: string;
  subheader?: ReactNode;
  action?: ReactNode;
  /** the page's own heading (sets the app-bar title) rather than a second card on it */
  page?: boolean;
  children: ReactNode;
}

export const PageCard = ({ title, subheader, action, page, children }: Props) => (
  <>
    {page && <Title title={title} />}
    <Card>
      <CardHeader
        title={title}
        subheader={subheader}
        action={action}
        titleTypographyProps={{ component: page ? 'h1' : 'h2', variant: 'h6' }}
        sx={action ? { flexWrap: 'wrap' } : undefined}
      />
      {children}
    </Card>
  </>
);
