// Breadcrumbs start at 首页.
import { useEffect } from 'react';
import { Breadcrumbs, Link, Typography } from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { APP_TITLE } from '../constants';
import { crumbsOf } from './routeMeta';

export const AppBreadcrumbs = () => {
  const { pathname } = useLocation();
  const crumbs = crumbsOf(pathname);
  const page = crumbs.map((c) => c.label).join(' - ');
  useEffect(() => {
    document.title = page ? `${page} - ${APP_TITLE}` : APP_TITLE;
  }, [page]);
  return (
    <Breadcrumbs aria-label="面包屑" sx={{ px: 1, pt: 1.5, pb: 0.5 }}>
      {crumbs.length === 0 ? (
        <Typography color="text.primary">首页</Typography>
      ) : (
        <Link component={RouterLink} to="/dashboard" underline="hover" color="inherit">
          首页
        </Link>
      )}
      {crumbs.map((c, i) =>
        c.to && i < crumbs.length - 1 ? (
          <Link key={c.label} component={RouterLink} to={c.to} underline="hover" color="inherit">
            {c.label}
          </Link>
        ) : (
          <Typography key={c.label} color="text.primary">
            {c.label}
          </Typography>
        ),
      )}
    </Breadcrumbs>
  );
};
