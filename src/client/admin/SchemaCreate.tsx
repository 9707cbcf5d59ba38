// Generic create page (<route>/create): CreateBase + the lazy rjsf form; success 新增成功! then back to the list.
import { lazy, Suspense } from 'react';
import { Card, CardContent, Typography } from '@mui/material';
import { CreateBase, Loading, Title, useResourceContext } from 'react-admin';
import { clientResource } from '../registry';

const SchemaForm = lazy(() => import('./form/SchemaForm'));

export const SchemaCreate = () => {
  const resource = useResourceContext()!;
  const { schema, route, title } = clientResource(resource);
  return (
    <CreateBase resource={resource} redirect={() => route!}>
      <Title title={`${title} - 新增`} />
      <Card sx={{ mt: 1, maxWidth: 960 }}>
        <CardContent>
          <Typography variant="h6" component="h1" gutterBottom>
            新增{schema.title}
          </Typography>
          <Suspense fallback={<Loading />}>
            <SchemaForm resource={resource} />
          </Suspense>
        </CardContent>
      </Card>
    </CreateBase>
  );
};

export default SchemaCreate;
