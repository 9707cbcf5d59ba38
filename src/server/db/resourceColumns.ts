// How a registry schema is stored: one column per property except x-secret ones (passwords live in
// sys_credential) and x-virtual ones (computed on read), typed from the JSON Schema type.
import type { PropertySchema, ResourceSchema } from '../../../schemas/index';
import { columnName } from './naming';

export type ColumnKind = 'text' | 'double precision' | 'integer' | 'boolean' | 'jsonb';

export interface StoredColumn {
  prop: string;
  column: string;
  kind: ColumnKind;
  /** Server-maintained (x-readonly): never taken from a client body. */
  readonly: boolean;
  trim: boolean;
  default: unknown;
  /** the schema allows null (a stored null is read back as null, not left out) */
  nullable: boolean;
}

export function allowsNull(p: PropertySchema | undefined): boolean {
  const t = p?.type;
  return t === 'null' || (Array.isArray(t) && t.includes('null'));
}

export function baseType(p: PropertySchema): string | undefined {
  const t = p.type;
  if (Array.isArray(t)) return t.find((x) => x !== 'null');
  return t as string | undefined;
}

export function columnKind(p: PropertySchema): ColumnKind {
  switch (baseType(p)) {
    case 'number':
      return 'double precision';
    case 'integer':
      return 'integer';
    case 'boolean':
      return 'boolean';
    case 'array':
    case 'object':
      return 'jsonb';
    default:
      return 'text';
  }
}

const cache = new WeakMap<object, StoredColumn[]>();

export function storedColumns(schema: ResourceSchema): StoredColumn[] {
  let cols = cache.get(schema);
  if (!cols) {
    cols = Object.entries(schema.properties)
      .filter(([, p]) => !p['x-secret'] && !p['x-virtual'])
      .map(([prop, p]) => ({
        prop,
        column: columnName(prop),
        kind: columnKind(p),
        readonly: !!p['x-readonly'],
        trim: !!p['x-trim'],
        default: p.default,
        nullable: allowsNull(p),
      }));
    cache.set(schema, cols);
  }
  return cols;
}
