// The body checks of the routes that validate bodies themselves — an import's rows, a stage's batch save — with
// the create and update routes' schemas: one ajv for all, each schema compiled on its first use. (An Ajv each, made
// at start, compiled its meta-schema every time: ~220 ms of every start for the stages alone.)
import type { ValidateFunction } from 'ajv';
import { createAjv } from '../../../schemas/validation';
import type { ResourceDef } from '../db/registry';
import { createBodySchema, updateBodySchema } from './routeSchemas';

const ajv = createAjv();
const compiled = new Map<string, ValidateFunction>();

/** The validator of a create (defaults applied, as the create route applies them) or update body of the resource. */
export function bodyValidator(def: ResourceDef, op: 'create' | 'update'): ValidateFunction {
  const key = `${op} ${def.name}`;
  let v = compiled.get(key);
  if (!v) {
    v = ajv.compile(op === 'create' ? createBodySchema(def.schema) : updateBodySchema(def.schema));
    compiled.set(key, v);
  }
  return v;
}
