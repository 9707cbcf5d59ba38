// The schema registry seen by the server: each resource with its schema, meta and table.
import { registry, type ResourceSchema } from '../../../schemas/index';
import type { ResourceMeta } from '../../../schemas/types';
import { tableName } from './naming';

export interface ResourceDef {
  name: string;
  schema: ResourceSchema;
  meta: ResourceMeta;
  table: string;
}

export const resources: ResourceDef[] = Object.entries(registry).map(([name, s]) => {
  const schema = s as unknown as ResourceSchema;
  return { name, schema, meta: schema['x-resource'], table: tableName(name) };
});

const byName = new Map(resources.map((r) => [r.name, r]));

export function resourceDef(name: string): ResourceDef {
  const r = byName.get(name);
  if (!r) throw new Error(`unknown resource ${name}`);
  return r;
}
