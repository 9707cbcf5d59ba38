// The client's view of the schema registry (schemas/index.ts): which resources exist, their API path,
// their page route and who may read or write them. Everything generic in the client starts here.
import { registry, resourceSchema, type ResourceSchema } from '../../schemas/index';
import type { RoleCode } from '../../schemas/types';

export interface ClientResource {
  name: string;
  schema: ResourceSchema;
  /** API path below /api, without slashes at either end. */
  path: string;
  /** Route of its generic list page, when it has one. */
  route?: string;
  title: string;
  menu?: 'system' | 'common';
  read: readonly RoleCode[];
  write: readonly RoleCode[];
}

export const clientResources: ClientResource[] = Object.keys(registry).map((name) => {
  const schema = resourceSchema(name)!;
  const meta = schema['x-resource'];
  return {
    name,
    schema,
    path: meta.path.replace(/^\/+|\/+$/g, ''),
    route: meta.route,
    title: meta.title,
    menu: meta.menu,
    read: meta.read,
    write: meta.write,
  };
});

const byName = new Map(clientResources.map((r) => [r.name, r]));

export function clientResource(name: string): ClientResource {
  const r = byName.get(name);
  if (!r) throw new Error(`未知的资源: ${name}`);
  return r;
}

/** Resources that have a generic page (x-resource.route). */
export const routedResources = clientResources.filter((r) => r.route);
