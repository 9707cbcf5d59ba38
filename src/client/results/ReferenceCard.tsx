// The 参考线 card of the result page: the GB 55015-2021 strip with its input, the percentile sentence,
// at most three published lines of the building's type and the link to every line on /decide?tab=reference.
import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage } from '../admin/useConfirmedAction';
import type { PublishedLine } from './referenceApi';
import { lineValueText, useReference, VerificationChip } from './referenceParts';
import { decideRoute } from '../buildings/buildingPages';
import { ReferenceStrip } from './ReferenceStrip';

export const CARD_LINES = 3;

/** The lines of the building's own type first (then 全部), known values before unknown ones; at most three. */
export function cardLines(lines: PublishedLine[]): PublishedLine[] {
  const score = (l: PublishedLine) => (l.buildType === '全部' ? 2 : 0) + (l.value == null && l.low == null ? 1 : 0);
  return lines
    .map((l, i) => ({ l, i }))
    .sort((a, b) => score(a.l) - score(b.l) || a.i - b.i)
    .slice(0, CARD_LINES)
    .map((x) => x.l);
}

export const ReferenceCard = ({ projectId }: { projectId: number }) => {
  const { data, isPending, error } = useReference(projectId);
  const lines = data ? cardLines(data.published) : [];
  return (
    <Card variant="outlined" sx={{ mt: 2 }} data-testid="reference-card">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          参考线
        </Typography>
        {isPending && (
          <Typography variant="body2" color="text.secondary">
            正在加载, 请稍候...
          </Typography>
        )}
        {error && <Alert severity="warning">{errorMessage(error)}</Alert>}
        {data && (
          <>
            <ReferenceStrip key={String(data.gb55015.refOperation)} projectId={projectId} data={data} />
            <Typography variant="body2" sx={{ mt: 1 }} data-testid="card-percentile">
              {data.percentile.text}
            </Typography>
            <Box component="ul" sx={{ m: 0, mt: 1, p: 0 }} aria-label="公开参考值">
              {lines.length === 0 ? (
                <Typography component="li" variant="body2" color="text.secondary" sx={{ listStyle: 'none' }}>
                  暂无数据
                </Typography>
              ) : (
                lines.map((l) => (
                  <Stack
                    key={l.id}
                    component="li"
                    direction="row"
                    spacing={1}
                    useFlexGap
                    sx={{ listStyle: 'none', alignItems: 'center', flexWrap: 'wrap', py: 0.5 }}
                  >
                    <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                      {l.metricLabel} · {l.name}（{l.buildType}）：
                      <b>{lineValueText(l)}</b> {l.unit}
                    </Typography>
                    <VerificationChip code={l.verification} label={l.verificationLabel} />
                  </Stack>
                ))
              )}
            </Box>
          </>
        )}
        <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 1 }}>
          <Button component={RouterLink} to={decideRoute(projectId, 'reference')} size="small">
            查看全部参考线
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
};
