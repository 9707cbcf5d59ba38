// Navbar of the sidebar layout: brand, the current module's name, the trial mark, the template download icon
// (calculation modules only), the notification bell and the user menu. Always one line: below 600 px the product
// title is hidden, and the module name and the trial mark shrink with an ellipsis before anything wraps.
import { Box, Typography } from '@mui/material';
import { AppBar as RaAppBar, LoadingIndicator } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { NotifyBell } from '../notify/NotifyBell';
import { Brand } from './Brand';
import { AppUserMenu } from './AppUserMenu';
import { TrialChip } from './TrialChip';
import { hasTemplates, TemplateDownload } from './TemplateDownload';
import { moduleOf } from './routeMeta';

/** Keeps the navbar's toolbar on one line whatever its content. */
export const ONE_LINE_TOOLBAR = { flexWrap: 'nowrap', overflow: 'hidden', minWidth: 0 } as const;

export const AppBar = () => {
  const { pathname } = useLocation();
  const module = moduleOf(pathname);
  return (
    <RaAppBar
      color="primary"
      userMenu={<AppUserMenu />}
      toolbar={<LoadingIndicator />}
      sx={{ '& .RaAppBar-toolbar': ONE_LINE_TOOLBAR }}
    >
      <Brand />
      {module && (
        <Typography
          variant="subtitle1"
          component="span"
          noWrap
          data-testid="module-name"
          title={module.name}
          sx={{ minWidth: 0, flexShrink: 1 }}
        >
          {module.name}
        </Typography>
      )}
      <TrialChip />
      <Box sx={{ flex: 1 }} />
      {hasTemplates(module?.code) && <TemplateDownload module={module!.code} />}
      <NotifyBell />
    </RaAppBar>
  );
};
