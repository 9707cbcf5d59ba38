// Small pieces both feedback pages show: the status chip and the screenshot thumbnail (a link to the image).
import { Box, Chip } from '@mui/material';
import { FEEDBACK_STATUS } from './feedbackApi';

export const StatusChip = ({ status }: { status: string | undefined }) => {
  const s = FEEDBACK_STATUS[status ?? '0'] ?? FEEDBACK_STATUS['0'];
  return <Chip size="small" label={s.label} color={s.color} variant="outlined" data-testid="feedback-status" />;
};

export const ScreenshotThumb = ({ url, size = 64 }: { url: string | null | undefined; size?: number }) =>
  url ? (
    <Box
      component="a"
      href={url}
      target="_blank"
      rel="noopener"
      title="查看截图"
      sx={{ display: 'inline-flex', lineHeight: 0 }}
    >
      <Box
        component="img"
        src={url}
        alt="截图"
        sx={{ width: size, height: size, objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider' }}
      />
    </Box>
  ) : null;
