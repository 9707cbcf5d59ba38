// Routes of the generic pages. Each registry schema with `x-resource.route` gets, at the spec's URL
// (e.g. /divisor, /sys/user):
//   <route>            list      <route>/create   create      <route>/:id   edit
// We do not use <Resource>: it can only mount at /<name>/* (our names are registry names such as
// tpf3BuildMaterial, the URLs are the spec's). Instead each page is a custom route (inside the layout) wrapped
// in a ResourceContextProvider whose value is the registry name, so every react-admin hook (data provider,
// labels resources.<name>.fields.*, canAccess, list store) works on the registry name. Navigation between the
// pages never uses react-admin's useCreatePath (which would build /<name>/…): buttons link to the routes
// above and CreateBase/EditBase redirect with a function returning the list route.
// The pages are lazy-loaded (lazyPage.tsx): the login page never downloads them.
import { lazy, type ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { ResourceContextProvider } from 'react-admin';
import { routedResources } from '../registry';
import { lazyPage } from './lazyPage';

const SchemaList = lazy(() => import('./SchemaList'));
const SchemaCreate = lazy(() => import('./SchemaCreate'));
const SchemaEdit = lazy(() => import('./SchemaEdit'));

const inResource = (name: string, page: ReactElement) => (
  <ResourceContextProvider value={name}>{lazyPage(page)}</ResourceContextProvider>
);

/**
 * What a resource has beyond its generic pages: a create page made by hand (a choice the schema lacks), an action on
 * its list for those who may write it (a resource's own import), a part under its edit form (what the form does not
 * edit, read from the record).
 */
export type BespokePages = Partial<
  Record<string, { create?: ReactElement; listAction?: ReactElement; editPanel?: ReactElement }>
>;

export function schemaRoutes(bespoke: BespokePages = {}): ReactElement[] {
  return routedResources.flatMap((r) => [
    <Route
      key={`${r.name}-list`}
      path={r.route}
      element={inResource(r.name, <SchemaList action={bespoke[r.name]?.listAction} />)}
    />,
    <Route
      key={`${r.name}-create`}
      path={`${r.route}/create`}
      element={inResource(r.name, bespoke[r.name]?.create ?? <SchemaCreate />)}
    />,
    <Route
      key={`${r.name}-edit`}
      path={`${r.route}/:id`}
      element={inResource(r.name, <SchemaEdit panel={bespoke[r.name]?.editPanel} />)}
    />,
  ]);
}
