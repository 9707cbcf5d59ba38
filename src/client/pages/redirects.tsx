import { Navigate } from 'react-router-dom';

/** `/` → /dashboard: the home page is /dashboard. */
export const HomeRedirect = () => <Navigate to="/dashboard" replace />;

/** Any unknown path → /404. */
export const NotFoundRedirect = () => <Navigate to="/404" replace />;
