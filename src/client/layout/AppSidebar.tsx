// Sidebar: react-admin's permanent sidebar from 992 px up; below, a temporary drawer (mobile mode). The
// desktop open state is read from and written to the sidebar_status cookie. Entering mobile mode closes the
// drawer before it is ever shown: a drawer opened and closed in one go (the desktop sidebar was open) left the
// whole app aria-hidden.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Box, Drawer } from '@mui/material';
import { useSidebarState } from 'react-admin';
import { DesktopSidebar } from './DesktopSidebar';
import { readSidebarCookie, writeSidebarCookie } from './sidebarCookie';
import { useMobileMode } from './useMobileMode';

export const AppSidebar = ({ children }: { children: ReactNode }) => {
  const mobile = useMobileMode();
  const [open, setOpen] = useSidebarState();
  const synced = useRef(false);
  // in mobile mode the drawer may open only once the open state has been seen closed there
  const [armed, setArmed] = useState(false);
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- follows the store's drawer mode
    if (!mobile) setArmed(false);
    else if (!open) setArmed(true);
  }, [mobile, open]);

  useEffect(() => {
    if (mobile) {
      setOpen(false);
    } else {
      const saved = readSidebarCookie();
      if (saved !== undefined) setOpen(saved);
    }
    synced.current = true;
    // only when entering or leaving mobile mode
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs only when entering or leaving mobile mode
  }, [mobile]);

  useEffect(() => {
    if (synced.current && !mobile) writeSidebarCookie(open);
  }, [open, mobile]);

  if (mobile) {
    return (
      <Drawer
        variant="temporary"
        open={open && armed}
        onClose={() => setOpen(false)}
        ModalProps={{ keepMounted: true }}
      >
        <Box sx={{ width: 240, pt: 1 }} role="navigation">
          {children}
        </Box>
      </Drawer>
    );
  }
  return <DesktopSidebar>{children}</DesktopSidebar>;
};
