// The footer of both layouts: the technical-service text from 全局配置 (site.footer), the version and 问题反馈.
// One small line (ellipsis when narrow), in the page flow after the content: it never covers anything.
import { Box, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { FEEDBACK_ROUTE } from '../feedback/feedbackApi';
import { APP_TITLE } from '../constants';
import { useSite } from './helpApi';

export const AppFooter = () => {
  const site = useSite();
  return (
    <Box
      component="footer"
      data-testid="app-footer"
      sx={{
        mt: 'auto',
        px: 2,
        py: 1,
        display: 'flex',
        justifyContent: 'center',
        alignItems: 'center',
        gap: 1.5,
        color: 'text.secondary',
        minWidth: 0,
      }}
    >
      {site.footer && (
        <Typography variant="caption" noWrap title={site.footer} sx={{ minWidth: 0 }}>
          {site.footer}
        </Typography>
      )}
      <Typography variant="caption" sx={{ flexShrink: 0 }}>
        {APP_TITLE}
      </Typography>
      <Link component={RouterLink} to={FEEDBACK_ROUTE} variant="caption" underline="hover" sx={{ flexShrink: 0 }}>
        问题反馈
      </Link>
    </Box>
  );
};
