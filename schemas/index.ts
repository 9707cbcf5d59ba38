// The registry: resource name → schema. Server routes, storage, client pages, labels and types are generated
// from what is listed here. Add a resource by writing its schema module and listing it below.
import type { FromSchema } from 'json-schema-to-ts';
import { sysUser } from './resources/sysUser';
import { sysRole } from './resources/sysRole';
import { sysOrganization } from './resources/sysOrganization';
import { sysTenant } from './resources/sysTenant';
import { sysDict } from './resources/sysDict';
import { sysConfig } from './resources/sysConfig';
import { sysFeedback } from './resources/sysFeedback';
import { sysNotify } from './resources/sysNotify';
import { sysNotice } from './resources/sysNotice';
import { tpf3BuildMaterial } from './factors/tpf3BuildMaterial';
import { tpf3Lookup } from './factors/tpf3Lookup';
import { tpf3Benchmark } from './factors/tpf3Benchmark';
import { tpf3Engineering } from './domain/tpf3Engineering';
import { tpf3Project } from './domain/tpf3Project';
import { tpf3ProjectExtend } from './domain/tpf3ProjectExtend';
import type { ResourceMeta, StageMeta } from './types';
import { STAGE_SCHEMAS } from './standards';
import { withResultColumns } from './results';

export const registry = {
  sysUser,
  sysRole,
  sysOrganization,
  sysTenant,
  sysDict,
  sysConfig,
  sysFeedback,
  sysNotify,
  sysNotice,
  tpf3BuildMaterial,
  tpf3Lookup,
  tpf3Benchmark,
  tpf3Engineering,
  tpf3Project: withResultColumns(tpf3Project as unknown as ResourceSchema) as unknown as typeof tpf3Project,
  tpf3ProjectExtend,
  ...STAGE_SCHEMAS,
} as const;

export type ResourceName = keyof typeof registry;

/**
 * `x-factor`: the property picks a factor-library row of `type` (and `smallType`). On save the server copies its
 * value, unit and source into <prefix>Value/Unit/Source (when the row has them), the library fields named in
 * `copy` always and those in `fill` where the row leaves them empty ({ rowField: libraryField }); `uniform`: every
 * row of one building must use factors with the same value of that library field (planting schemes).
 */
export interface FactorKeyword {
  type: string;
  smallType?: string;
  prefix?: string;
  copy?: Readonly<Record<string, string>>;
  fill?: Readonly<Record<string, string>>;
  uniform?: { field: string; message: string };
}

/** The loose view of a schema the generic code walks (the precise types come from FromSchema). */
export interface PropertySchema {
  type?: string | readonly string[];
  title?: string;
  enum?: readonly unknown[];
  format?: string;
  default?: unknown;
  items?: PropertySchema;
  properties?: Record<string, PropertySchema>;
  maxLength?: number;
  writeOnly?: boolean;
  'x-list'?: boolean;
  /** kept out of list answers (a large JSON a view of one record reads): a page of many stays small */
  'x-detail'?: boolean;
  'x-sortable'?: boolean;
  'x-filter'?: 'eq' | 'like' | 'range';
  'x-sum'?: boolean;
  'x-dict'?: string;
  'x-enumLabels'?: Readonly<Record<string, string>>;
  'x-reference'?: { resource: string; label: string };
  'x-decimals'?: number;
  'x-import'?: string;
  'x-messages'?: Record<string, string>;
  'x-secret'?: boolean;
  'x-widget'?: string;
  'x-readonly'?: boolean;
  'x-virtual'?: boolean;
  'x-trim'?: boolean;
  'x-factor'?: FactorKeyword;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  'x-parts'?: readonly string[];
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
}

export interface ResourceSchema {
  $id: string;
  title: string;
  type: 'object';
  required?: readonly string[];
  properties: Record<string, PropertySchema>;
  'x-resource': ResourceMeta;
  'x-rowWarning'?: { field: string; when: 'emptyOrZero'; message: string };
  'x-stage'?: StageMeta;
  'x-formula'?: string | Record<string, string | Record<string, string>>;
  'x-defaults'?: Readonly<Record<string, DefaultRule | readonly DefaultRule[]>>;
  'x-needs'?: readonly NeedRule[];
}

/**
 * A value the calculation fills in when the row leaves `field` empty (and the row's formula reads it, and
 * `when` — a formula over the row — holds): a fixed `value` or the value of `from` (a building context name such
 * as gridFactor, or another row field). Recorded in the row's trace with `source` (`{gridFactorSource}` is
 * replaced by the building's grid factor source). A list of rules: the first that applies (its `when`) and has a
 * value is used, so a fallback chain names its own source (runtime operatingYears: 核算信息补充, then design life).
 */
export interface DefaultRule {
  value?: number;
  from?: string;
  when?: string;
  unit?: string;
  source: string;
}

/** A row is refused on save (and flagged when calculated) unless `check` holds; the error names `field`. */
export interface NeedRule {
  check: string;
  field: string;
  message: string;
  /** Only rows of these methods. */
  methods?: readonly string[];
}

/** Columns every stored record carries besides its schema's properties. */
export const SYSTEM_FIELDS = ['id', 'createDate', 'updateDate', 'createBy', 'tenantId'] as const;
/** System fields a list may sort by. */
export const SYSTEM_SORTABLE = ['id', 'createDate', 'updateDate'] as const;

export function resourceSchema(name: string): ResourceSchema | undefined {
  return (registry as Record<string, unknown>)[name] as ResourceSchema | undefined;
}

export const resourceNames = Object.keys(registry) as ResourceName[];

/** Fields a list may be sorted by: the system ones plus every property marked `x-sortable`. */
export function sortableFields(s: ResourceSchema): string[] {
  return [
    ...SYSTEM_SORTABLE,
    ...Object.entries(s.properties)
      .filter(([, p]) => p['x-sortable'])
      .map(([k]) => k),
  ];
}

/** Fields a list may be filtered by, with their operator. */
export function filterableFields(s: ResourceSchema): Record<string, 'eq' | 'like' | 'range'> {
  const out: Record<string, 'eq' | 'like' | 'range'> = {};
  for (const [k, p] of Object.entries(s.properties)) if (p['x-filter']) out[k] = p['x-filter'];
  return out;
}

// Record types of the resources a client module reads field by field (the API adds id and system fields).
export type SysFeedback = FromSchema<typeof sysFeedback>;
export type SysNotify = FromSchema<typeof sysNotify>;
export type Building = FromSchema<typeof tpf3Project>;
