// The budget-file import API's shapes: the request bodies of src/server/budget/routes.ts (validated by the
// server, their types derived from the schemas) and the answers the server builds and the client shows — one
// definition for both sides. Types only besides the schemas and one text helper: the client imports it.
import type { FromSchema } from 'json-schema-to-ts';
import type { Job } from './jobs';

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;

/**
 * One confirmed item: its key (class|name|spec|unit) and the factor chosen; null for electricity on the grid factor.
 * A machine item may name the 表C.0.1 row (参数表 constructionMachine) the user chose; without it the import matches.
 */
const mapping = {
  type: 'object',
  additionalProperties: false,
  required: ['key', 'factorId'],
  properties: {
    key: { type: 'string', minLength: 1, maxLength: 600 },
    factorId: { anyOf: [id, { type: 'null' }] },
    machineId: { ...id, title: '施工机械台班能耗' },
  },
} as const;

/** POST budgetBill/import: the confirmed items of a read file, imported into the building. */
export const budgetImportBody = {
  type: 'object',
  additionalProperties: false,
  required: ['jobId', 'projectId', 'mode', 'mappings'],
  properties: {
    jobId: id,
    projectId: id,
    mode: { type: 'string', enum: ['append', 'replace'], title: '导入方式' },
    /** the user confirmed importing items with open review problems (an amount per m² over its family's ceiling) */
    confirmProblems: { type: 'boolean', title: '确认导入超出合理范围的清单项' },
    mappings: { type: 'array', title: '清单映射', minItems: 1, maxItems: 10000, items: mapping },
  },
} as const;

/** POST budgetBill/:jobId/check: a library factor picked by hand for one material item. */
export const budgetCheckBody = {
  type: 'object',
  additionalProperties: false,
  required: ['key', 'factorId'],
  properties: { key: mapping.properties.key, factorId: id },
} as const;

export type BudgetImportRequest = FromSchema<typeof budgetImportBody>;
export type BudgetMapping = FromSchema<typeof mapping>;

export type BudgetClass = 'labour' | 'material' | 'equipment' | 'energy' | 'machine';

export interface BudgetSource {
  sheet: string;
  row: number;
}

/** '人材机汇总表 第14行、第26行': an item's rows grouped by sheet, in the order first met (page, workbook, trace, remark). */
export function sourcesText(sources: readonly BudgetSource[]): string {
  const bySheet = new Map<string, number[]>();
  for (const s of sources) bySheet.set(s.sheet, [...(bySheet.get(s.sheet) ?? []), s.row]);
  return [...bySheet].map(([sheet, rows]) => `${sheet} ${rows.map((r) => `第${r}行`).join('、')}`).join('；');
}

/** One proposed factor of an item, with the quantity it would import. */
export interface BudgetSuggestionAnswer {
  /** null: electricity on the building's grid factor (电网排放因子) */
  factorId: number | null;
  label: string;
  unit: string;
  coUnit: string | null;
  factorValue: number | null;
  confidence: number;
  reasons: string[];
  saved: boolean;
  /** picked from the library by hand (checked by POST budgetBill/:jobId/check), not proposed */
  manual?: boolean;
  /** in the factor's unit (for a machine: its shifts); null when it cannot be converted (error says why) */
  quantity: number | null;
  steps: string[];
  error: string | null;
}

/**
 * A line of the file to map: the lines with the same class, name, specification and unit merged (server:
 * budget/preflight.ts).
 */
export interface BudgetItemFields {
  key: string;
  cls: BudgetClass;
  energy?: string;
  reason: string;
  code: string;
  name: string;
  spec: string;
  unit: string;
  quantity: number;
  sources: BudgetSource[];
}

/** A 表C.0.1 row (参数表 constructionMachine) with its energy per shift: kg of 柴油/汽油 or kWh. */
export interface BudgetMachineAnswer {
  lookupId: number;
  name: string;
  spec: string;
  energyPerShift: number;
  energy: string;
  energyUnit: string;
}

export interface BudgetItemAnswer extends BudgetItemFields {
  suggestions: BudgetSuggestionAnswer[];
  /** a machine item's matched row, how sure and why */
  machine: (BudgetMachineAnswer & { confidence: number; reasons: string[] }) | null;
  /** a machine item's rows to pick from (ids in the bill's `machines`): its machine's, or all when none matched */
  machineOptions?: number[];
  /** a machine item's proposals for each other energy of its rows (a picked row of another energy takes those) */
  machineSuggestions?: Record<string, BudgetSuggestionAnswer[]>;
  note: string | null;
}

/** How the building counts 建筑建造: only its rows of this method (energy items or machine shifts) are counted. */
export interface BudgetBuildMethod {
  value: 'energy' | 'machine';
  label: string;
  /** false: the building has not chosen, the stage's default applies */
  chosen: boolean;
}

/** A material family's amount per m² of the building's floor area over its ceiling (待确认; server: budget/review.ts). */
export interface BudgetReviewProblem {
  /** the family's Chinese label, e.g. 铝及铝合金 */
  label: string;
  /** the items' figures, the floor area and the ceiling with its source */
  message: string;
  /** the items counted (an import mapping any of them asks for confirmation) */
  keys: string[];
  names: string[];
  sources: BudgetSource[];
}

/** A read file's pre-flight (kept for its import, answered with each item's proposals). */
export interface BudgetPreflightFields<I extends BudgetItemFields> {
  sheets: string[];
  otherSheets: string[];
  /**
   * columns that may hold a specification (规格, 型号, 材质, grades) and were not read: lines differing in them are kept
   * apart
   */
  unreadColumns?: { sheet: string; /** Excel's letter */ column: string; title: string }[];
  totalLines: number;
  /** lines read per class (before merging), and the items they merged into */
  byClass: Record<BudgetClass, { lines: number; items: number }>;
  withoutQuantity: number;
  zeroQuantity: number;
  /** lines priced in money (其他材料费 元, 机械费 %): no quantity a factor can take */
  costLines: number;
  duplicatesMerged: number;
  units: { unit: string; lines: number }[];
  /**
   * rows that are no line; title (a page's title block repeated) and subheading (其中：…) absent in files read before them
   */
  skipped: {
    blank: number;
    subtotal: number;
    note: number;
    section: number;
    header: number;
    title?: number;
    subheading?: number;
  };
  problems: (BudgetSource & { name: string; message: string })[];
  /** 待确认: families over their ceiling per m² of the building's floor area (absent in files read before the review) */
  review?: BudgetReviewProblem[];
  /** the floor area (m²) the review was held against; null without one (absent in files read before it was kept) */
  reviewFloor?: number | null;
  items: I[];
}

/** How much of the bill's estimated 建材生产 the mapping opens with already chosen (server: budget/coverage.ts). */
export interface BudgetCoverage {
  /** material and equipment items whose first proposal is preselected (saved, or ≥ CONFIRM_AT, and converts) */
  matched: number;
  /** material and equipment items */
  total: number;
  /** items no proposal converts: without an estimate */
  unestimated: number;
  /** kgCO2e: each item's best converting proposal's quantity × factor value, summed; and over the matched items */
  estimated: number;
  matchedEstimated: number;
  /** matchedEstimated ÷ estimated; null when nothing could be estimated */
  share: number | null;
}

export interface BudgetPreflightAnswer {
  job: Job;
  bill:
    | null
    | (BudgetPreflightFields<BudgetItemAnswer> & {
        jobId: number;
        projectId: number;
        fileName: string;
        /** the 表C.0.1 rows the machine items may take */
        machines?: BudgetMachineAnswer[];
        buildMethod?: BudgetBuildMethod;
        coverage?: BudgetCoverage;
      });
}

export interface BudgetImportAnswer<R = Record<string, unknown>> {
  /** rows made per stage */
  rows: { materials: number; transport: number; construction: number };
  /** items of the file not imported, each with why */
  skipped: { name: string; reason: string }[];
  warnings: string[];
  result: R;
}
