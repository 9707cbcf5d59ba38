// Generic edit page (<route>/<id>): EditBase in pessimistic mode (so server validation reaches the fields)
// + the lazy rjsf form; success 修改成功! then back to the list. A resource's own panel (BespokePages.editPanel) goes
// under the form, in the record's context.
import { lazy, Suspense, type ReactElement } from 'react';
import { Card, CardContent, Typography } from '@mui/material';
import { EditBase, Loading, Title, useEditContext, useResourceContext } from 'react-admin';
import { clientResource } from '../registry';

const SchemaForm = lazy(() => import('./form/SchemaForm'));

const EditForm = ({ resource }: { resource: string }) => {
  const { record, isPending } = useEditContext();
  if (isPending || !record) return <Loading />;
  return (
    <Suspense fallback={<Loading />}>
      <SchemaForm key={String(record.id)} resource={resource} />
    </Suspense>
  );
};

export const SchemaEdit = ({ panel }: { panel?: ReactElement }) => {
  const resource = useResourceContext()!;
  const { schema, route, title } = clientResource(resource);
  return (
    <EditBase resource={resource} mutationMode="pessimistic" redirect={() => route!}>
      <Title title={`${title} - 编辑`} />
      <Card sx={{ mt: 1, maxWidth: 960 }}>
        <CardContent>
          <Typography variant="h6" component="h1" gutterBottom>
            编辑{schema.title}
          </Typography>
          <EditForm resource={resource} />
        </CardContent>
      </Card>
      {panel}
    </EditBase>
  );
};

export default SchemaEdit;
