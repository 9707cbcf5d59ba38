// The building form's state and its mapping to and from the API record: buildType is an array in
// the form and joined with '/' when saved, userId an array joined with ';', menus an array joined with ','.
// Numbers are kept as typed text and parsed only for validation and saving.
import { tpf3Project } from '../../../../schemas/domain/tpf3Project';
import { choicesFor, menusForSave, moduleDef, splitMenus, type ModuleCode } from '../../../../schemas/standards';

export interface FormValues {
  engineeringId: number | null;
  engineeringName: string;
  standard: string;
  stage: string;
  /** The ticked menu checkboxes (after the menu rules). */
  menus: string[];
  name: string;
  code: string;
  site: string;
  buildType: string[];
  structureType: string;
  useDateLimit: string;
  buildArea: string;
  height: string;
  floorUp: string;
  floorDown: string;
  greenArea: string;
  buildYear: string;
  latLng: string;
  buildOrg: string;
  designOrg: string;
  compileOrg: string;
  userId: string[];
  /** 校审: the signers' user ids, '' for none */
  checkerId: string;
  reviewerId: string;
  approverId: string;
  remarks: string;
  /** the grid electricity factor (factor-library id); null: the server picks the site's official average */
  gridFactorId: number | null;
  /** accounting: '1' operation by system, '2' by accounting type (RuntimeTypeSelect); '' elsewhere */
  runtimeType: string;
}

export type Rec = Record<string, unknown>;

/** Number fields as typed; `integer` ones accept digits only. */
export const NUMBER_FIELDS = {
  useDateLimit: { integer: true, maxLength: 3 },
  buildArea: { integer: false, maxLength: 11 },
  height: { integer: false, maxLength: 10 },
  floorUp: { integer: true, maxLength: 3 },
  floorDown: { integer: true, maxLength: 3 },
  greenArea: { integer: false, maxLength: 11 },
  buildYear: { integer: true, maxLength: 4 },
} as const;
type NumberField = keyof typeof NUMBER_FIELDS;
const NULLABLE_NUMBERS: NumberField[] = ['greenArea', 'buildYear'];

/** The sign-off levels' people (校对人, 审核人, 审定人): user ids, or none. */
export const SIGNER_FIELDS = ['checkerId', 'reviewerId', 'approverId'] as const;

const TEXT_FIELDS = [
  'name',
  'code',
  'site',
  'structureType',
  'latLng',
  'buildOrg',
  'designOrg',
  'compileOrg',
  'remarks',
] as const;
const REQUIRED = new Set<string>(tpf3Project.required);

/** The fields "从已有单体同步" copies: the building's information, not its identity or results. */
export const SYNC_FIELDS = [
  'engineeringId',
  'engineeringName',
  'site',
  'buildType',
  'structureType',
  'useDateLimit',
  'buildArea',
  'height',
  'floorUp',
  'floorDown',
  'greenArea',
  'buildYear',
  'latLng',
  'buildOrg',
  'designOrg',
  'compileOrg',
  'remarks',
] as const satisfies readonly (keyof FormValues)[];

export function emptyValues(module: ModuleCode): FormValues {
  const standard = moduleDef(module)?.standards[0]?.code ?? '';
  return {
    engineeringId: null,
    engineeringName: '',
    standard,
    stage: firstStage(module, standard),
    menus: [],
    name: '',
    code: '',
    site: '',
    buildType: [],
    structureType: '',
    useDateLimit: '50',
    buildArea: '',
    height: '',
    floorUp: '',
    floorDown: '',
    greenArea: '',
    buildYear: '',
    latLng: '',
    buildOrg: '',
    designOrg: '',
    compileOrg: '',
    userId: [],
    checkerId: '',
    reviewerId: '',
    approverId: '',
    remarks: '',
    gridFactorId: null,
    runtimeType: module === 'accounting' ? DEFAULT_RUNTIME_TYPE : '',
  };
}

/** A new accounting building's breakdown: by accounting type, as the result showed before the field existed. */
export const DEFAULT_RUNTIME_TYPE = '2';

/** The first project stage of a standard that is not disabled ('' when none). */
export function firstStage(module: string, standard: string): string {
  return choicesFor(module, standard).stages.find((s) => !s.disabled)?.name ?? '';
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const list = (v: unknown, sep: string) =>
  text(v)
    .split(sep)
    .map((s) => s.trim())
    .filter(Boolean);

/** A stored record (or part of one) → form values over `base`; only the fields present in `record` change. */
export function fromRecord(
  record: Rec,
  base: FormValues,
  fields: readonly (keyof FormValues)[] = Object.keys(base) as (keyof FormValues)[],
): FormValues {
  const out = { ...base } as Record<keyof FormValues, unknown>;
  for (const f of fields) {
    if (!(f in record)) continue;
    const v = record[f];
    if (f === 'engineeringId' || f === 'gridFactorId')
      out[f] = v === null || v === undefined || v === '' ? null : Number(v);
    else if (f === 'buildType') out.buildType = list(v, '/');
    else if (f === 'userId') out.userId = list(v, ';');
    else if (f === 'menus') out.menus = splitMenus(text(v));
    else if (f === 'runtimeType') out.runtimeType = text(v) || base.runtimeType;
    else out[f] = text(v);
  }
  return out as FormValues;
}

function parseNumber(s: string): number | undefined {
  const t = s.trim();
  if (!t) return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : undefined;
}

/**
 * Form values → the body of POST/PUT tpf3Project (without id): schema properties only, x-readonly and x-virtual
 * fields left out, texts trimmed, empty required fields left out (so the schema says 请输入…), the stored menus
 * computed by menusForSave (accounting adds supplement/voucher). `previousMenus`: the building's stored menus.
 */
export function toPayload(
  module: ModuleCode,
  v: FormValues,
  previousMenus: readonly string[] = [],
  extra: Rec = {},
): Rec {
  const body: Rec = { computeMethod: module };
  if (v.engineeringId) body.engineeringId = v.engineeringId;
  if (v.standard) body.standard = v.standard;
  if (v.stage) body.stage = v.stage;
  const menus = v.menus.length ? menusForSave(module, v.standard, v.stage, v.menus, previousMenus) : [];
  if (menus.length) body.menus = menus.join(',');
  for (const f of TEXT_FIELDS) {
    const s = v[f].trim();
    if (s || !REQUIRED.has(f)) body[f] = s;
  }
  if (v.buildType.length) body.buildType = v.buildType.join('/');
  if (v.gridFactorId) body.gridFactorId = v.gridFactorId;
  if ((tpf3Project.properties.runtimeType.enum as readonly string[]).includes(v.runtimeType))
    body.runtimeType = v.runtimeType;
  body.userId = v.userId.join(';');
  for (const f of SIGNER_FIELDS) body[f] = v[f] ? Number(v[f]) : null;
  for (const f of Object.keys(NUMBER_FIELDS) as NumberField[]) {
    const n = parseNumber(v[f]);
    if (n !== undefined) body[f] = n;
    else if (NULLABLE_NUMBERS.includes(f)) body[f] = null;
  }
  for (const [k, val] of Object.entries(extra)) if (val !== undefined && val !== null) body[k] = val;
  return body;
}
