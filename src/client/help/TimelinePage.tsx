// /timeline 版本说明: the changelog (changelog.json, newest first) as a vertical timeline — a dot and a line on
// the left, the version, its date and what it brought on the right. MUI only (no @mui/lab).
import { Box, Card, CardContent, Chip, Container, Stack, Typography } from '@mui/material';
import { Title } from 'react-admin';
import changelog from './changelog.json';

export interface Release {
  version: string;
  date: string;
  items: string[];
}

export const RELEASES: Release[] = changelog;

const Dot = ({ current }: { current: boolean }) => (
  <Box
    sx={{
      width: 14,
      height: 14,
      mt: 0.75,
      borderRadius: '50%',
      flexShrink: 0,
      bgcolor: current ? 'primary.main' : 'background.paper',
      border: 3,
      borderColor: 'primary.main',
    }}
  />
);

const Entry = ({ release, current, last }: { release: Release; current: boolean; last: boolean }) => (
  <Box component="li" sx={{ display: 'flex', gap: 2, listStyle: 'none' }} data-testid="release">
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }} aria-hidden>
      <Dot current={current} />
      {!last && <Box sx={{ width: 2, flex: 1, bgcolor: 'divider', my: 0.5 }} />}
    </Box>
    <Box sx={{ flex: 1, minWidth: 0, pb: last ? 0 : 3 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2">
          {release.version}
        </Typography>
        <Typography variant="body2" color="text.secondary" component="span">
          {release.date}
        </Typography>
        {current && <Chip size="small" color="primary" label="当前版本" />}
      </Stack>
      <Card variant="outlined">
        <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {release.items.map((item) => (
              <Typography component="li" variant="body2" key={item} sx={{ py: 0.25 }}>
                {item}
              </Typography>
            ))}
          </Box>
        </CardContent>
      </Card>
    </Box>
  </Box>
);

export const TimelinePage = () => (
  <Container maxWidth="md" disableGutters sx={{ py: 2 }}>
    <Title title="版本说明" />
    <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
      版本说明
    </Typography>
    <Box component="ol" sx={{ m: 0, p: 0 }} aria-label="版本记录">
      {RELEASES.map((r, i) => (
        <Entry key={r.version} release={r} current={i === 0} last={i === RELEASES.length - 1} />
      ))}
    </Box>
  </Container>
);

export default TimelinePage;
