import { Navigate } from 'react-router-dom';

/** `/` → /dashboard (spec 001 §2: home is /dashboard, target of /). */
export const HomeRedirect = () => <Navigate to="/dashboard" replace />;

/** Any unknown path → /404. */
export const NotFoundRedirect = () => <Navigate to="/404" replace />;
