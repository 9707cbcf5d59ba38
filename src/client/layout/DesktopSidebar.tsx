// react-admin's permanent sidebar, drawn at its width from the first frame. Leaving mobile mode (a window widened
// past 992 px — or a full-page screenshot, which lays the page out narrower for a moment) mounts it anew with the
// closed state mobile mode left, and AppSidebar then restores the open state from the cookie: react-admin animated
// that as a width transition 50 → 240 px, which screenshots caught half-way with the menu labels squeezed to
// their first character (seen on the /decide tabs). Width changes animate only once it has been drawn,
// so the sidebar toggle still slides.
import { useEffect, useState, type ReactNode } from 'react';
import { Sidebar } from 'react-admin';

// the paper and react-admin's Menu (RaMenu-open / RaMenu-closed) each animate their width
const NO_WIDTH_ANIMATION = { '& .MuiPaper-root, & .RaMenu-open, & .RaMenu-closed': { transition: 'none' } } as const;

export const DesktopSidebar = ({ children }: { children: ReactNode }) => {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    // two frames: the restored width painted once before transitions come back
    let second = 0;
    const first = requestAnimationFrame(() => {
      second = requestAnimationFrame(() => setDrawn(true));
    });
    return () => {
      cancelAnimationFrame(first);
      cancelAnimationFrame(second);
    };
  }, []);
  return (
    <Sidebar sx={drawn ? undefined : NO_WIDTH_ANIMATION} data-testid="desktop-sidebar" data-drawn={drawn}>
      {children}
    </Sidebar>
  );
};
