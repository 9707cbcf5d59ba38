import { useMediaQuery } from '@mui/material';
import { MOBILE_BREAKPOINT_PX } from '../constants';

/** Below 992 px the sidebar becomes a temporary drawer. */
export const useMobileMode = () => useMediaQuery(`(max-width:${MOBILE_BREAKPOINT_PX - 0.02}px)`, { noSsr: true });
