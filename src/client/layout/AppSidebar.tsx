// Sidebar: react-admin's permanent sidebar from 992 px up; below, a temporary drawer (mobile mode). The
// desktop open state is read from and written to the sidebar_status cookie.
import { useEffect, useRef, type ReactNode } from 'react';
import { Box, Drawer } from '@mui/material';
import { Sidebar, useSidebarState } from 'react-admin';
import { readSidebarCookie, writeSidebarCookie } from './sidebarCookie';
import { useMobileMode } from './useMobileMode';

export const AppSidebar = ({ children }: { children: ReactNode }) => {
  const mobile = useMobileMode();
  const [open, setOpen] = useSidebarState();
  const synced = useRef(false);

  useEffect(() => {
    if (mobile) {
      setOpen(false);
    } else {
      const saved = readSidebarCookie();
      if (saved !== undefined) setOpen(saved);
    }
    synced.current = true;
    // only when entering or leaving mobile mode
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mobile]);

  useEffect(() => {
    if (synced.current && !mobile) writeSidebarCookie(open);
  }, [open, mobile]);

  if (mobile) {
    return (
      <Drawer variant="temporary" open={open} onClose={() => setOpen(false)} ModalProps={{ keepMounted: true }}>
        <Box sx={{ width: 240, pt: 1 }} role="navigation">
          {children}
        </Box>
      </Drawer>
    );
  }
  return <Sidebar>{children}</Sidebar>;
};
