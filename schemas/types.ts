import type { JSONSchema } from 'json-schema-to-ts';

/** Role codes. 'user' = any logged-in user of a tenant (trial users included). */
export type RoleCode = 'admin' | 'groupAdmin' | 'dataAdmin' | 'user';

/**
 * How a resource's rows are scoped to tenants; enforced in one place, src/server/db/scope.ts.
 * - tenant: every row belongs to one tenant; non-admins see and write only their own tenant's rows.
 * - global: system rows without a tenant (roles, tenants, dictionaries, config); readable per `read`.
 * - shared: system rows (tenant_id null) visible to everyone plus each tenant's own rows (factor library).
 */
export type Scope = 'tenant' | 'global' | 'shared';

export interface ResourceMeta {
  /** API path below /api, without leading or trailing slash, e.g. 'sys/v1/sys/sysUser'. */
  path: string;
  /** Client route of its list page, e.g. '/divisor'. Absent: no generic page. */
  route?: string;
  /** Chinese page title. */
  title: string;
  scope: Scope;
  /** Roles allowed to list/read. 'user' means every logged-in user. */
  read: readonly RoleCode[];
  /** Roles allowed to create/update/delete. For 'shared', only admin may touch system rows. */
  write: readonly RoleCode[];
  /** Default sort; the spec default is createDate descending. */
  defaultSort?: { field: string; order: 'ascend' | 'descend' };
  /**
   * Ownership on top of the tenant scope, for plain users (no admin, groupAdmin or dataAdmin role):
   * rows 'write' — they read the tenant's rows but change only those they created;
   * rows 'all' — they read and change only rows they created or, with `collaborators`, are listed in
   * (the property holding user ids joined with ';').
   */
  owner?: {
    rows: 'write' | 'all';
    collaborators?: string;
    /** user-id fields whose user may read the row too (a building's signers) */ readers?: readonly string[];
  };
  /** Rows belong to a building (projectId): visible and writable exactly when that building is. */
  ownedByProject?: boolean;
  /**
   * Records frozen while `column` holds anything but `open` (a building under review or signed): the
   * database refuses every update or delete of such a record, and every write of the rows it owns
   * (ownedByProject), whoever and whatever route asks (src/server/db/lock.ts), with `message` — its {prop}s
   * replaced by the frozen record's values, a dictionary field's by its label.
   */
  lock?: { column: string; open: string; message: string };
  /**
   * Every change of the records, of the rows they own (ownedByProject) and of their variants is recorded by the
   * database — who, when, before → after of the fields a person sets (src/server/db/audit.ts) — and `also` the
   * server-kept fields a person's action changes (a building's 状态, 计算方式, 校审状态 and 报告编号).
   */
  audit?: {
    also?: readonly string[];
    /**
     * The owner's fields its calculation does not read (names, signers, states): a change of one leaves a stored
     * result current; a change of any other audited field, or of any row it owns, makes the result stale.
     */
    notInputs?: readonly string[];
  };
  /**
   * Fields every logged-in user may change on their own record (the row whose id is their user id) through the
   * ordinary update route, whatever their role (account settings). Other fields of that request must be
   * absent or unchanged.
   */
  self?: readonly string[];
  /**
   * Rows that belong to one user (the property holding the user's id, e.g. 'userId' or 'createBy'): callers read
   * and change only their own, whatever their tenant role; the super admin sees all unless `evenAdmin` (an inbox).
   */
  personal?: { field: string; evenAdmin?: boolean };
  /** Rows are never changed once written (a sent notice): no edit page, and an update answers 403 with this text. */
  immutable?: string;
  /** Sidebar group the generic page belongs to. */
  menu?: 'system' | 'common';
  /**
   * Links on each row of the generic list, beside 编辑/删除 and shown to every reader: a page of the record drawn
   * by a domain folder (a factor's 历史版本). `route` is a client path whose `:id` is the record's id.
   */
  rowLinks?: readonly RowLink[];
}

/** `x-resource.rowLinks`: one link on each row of a generic list. */
export interface RowLink {
  label: string;
  /** A client route with `:id`, e.g. '/factors/versions/:id'. */
  route: string;
}

export type Schema = JSONSchema & object;

/**
 * A building result field a stage total goes to (produce, trans, build, remove, runtimeTotal,
 * runtimeChange, waste, green — or a new one a stage names, which gets its column; schemas/results.ts).
 */
export type ResultField = string;

/**
 * What generic code asks a stage for instead of naming its code (schemas/stageMeta.ts stageOfRole):
 * - materials: the building's bill of materials — BIM import writes it, hotspots offer substitutes in it, the
 *   concrete and steel per m² are counted from it;
 * - transport: the materials' transport — BIM import writes it beside the materials;
 * - construction, operation: the other stages the embodied and operation intensities add up;
 * - accountingInfo: 核算信息补充, one record per building (the area and operating years of an accounting building).
 */
export type StageRole = 'materials' | 'transport' | 'construction' | 'operation' | 'accountingInfo';

/**
 * Where a stage's emissions fall in the building's life, which decides the intensity they count in:
 * - embodied: the upfront embodied carbon (建材生产, 建材运输, 建筑建造), in 隐含碳排放强度 (kgCO2e/m²);
 * - operational: the operation (建筑运行), in 运行碳排放强度, over the years its rows cover;
 * - sink: a carbon sink (碳汇), negative, shown as 减碳, outside the share donut, counted in 运行碳排放强度 over
 *   the design life as GB/T 51366 §4.1 counts it in the operation stage;
 * - maintenance, endOfLife: 维护改造 and 拆除/废弃物, in the total and the life-cycle intensity only.
 */
export type StagePhase = 'embodied' | 'operational' | 'sink' | 'maintenance' | 'endOfLife';

/** `x-stage`: what makes a row schema a calculation stage. */
export interface StageMeta {
  /** The stage code: menu code, route segment (/{module}/{code}) and API path segment. */
  code: string;
  title: string;
  /** 'table': many rows; 'form': one record per building. */
  mode: 'table' | 'form';
  /**
   * The building result field its total is added to; absent: a stage without emission (supplement, voucher).
   * Result fields are one namespace: a new stage either names a field of its own or adds to one of the same phase.
   */
  result?: ResultField;
  /** Required with `result`: the intensities sum stages by phase, never by name. */
  phase?: StagePhase;
  /** The role it plays for generic code (materials, transport, …); at most one stage per role. */
  role?: StageRole;
  /** Calculation methods chosen per building and stage; rows carry the method they belong to (`method`). */
  methods?: readonly { value: string; label: string }[];
  /** Row field whose values break the total down (runtime parts). */
  partField?: string;
  /** Parts that offset consumption (renewables); the offset is limited to the consumption. */
  renewableParts?: readonly string[];
  /** Warnings shown with the stage when its total exceeds `ratio` × another stage's total. */
  limits?: readonly { base: string; ratio: number; message: string }[];
}
