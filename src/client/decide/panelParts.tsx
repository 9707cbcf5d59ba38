// Small shared pieces of the decision panels: a panel's titled section, how a difference in % and a
// tonne figure are written. The reference pieces they share with the result pages: results/referenceParts.tsx.
import type { ReactNode } from 'react';
import { Card, CardContent, Typography } from '@mui/material';
import { formatNumber } from '../../calc/format';
import { DASH } from '../results/referenceParts';

export const pctText = (v: number | null | undefined) => (v == null ? DASH : `${formatNumber(v)}%`);
/** kg → t, 2 decimals */
export const tonnes = (kg: number) => formatNumber(kg / 1000);

/** A titled card: one section of a decision panel. */
export const Block = ({ title, children }: { title: string; children: ReactNode }) => (
  <Card variant="outlined" sx={{ mb: 2 }}>
    <CardContent>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </CardContent>
  </Card>
);
