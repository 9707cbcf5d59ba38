// A manufacturer's Environmental Product Declaration as the factor library keeps it (tpf3BuildMaterial.epd): what an
// ILCD+EPD data set (XML or its JSON form), an openEPD document or an EC3 record declares, read by src/server/epd/.
// The factor's own value is the A1–A3 GWP per declared unit; the other modules stay here for the EN 15978 view.
import type { FromSchema } from 'json-schema-to-ts';

/** EN 15804 modules in the order EN 15978 lists them; 'A1-A3' is a declared aggregate of A1, A2 and A3. */
export const EPD_MODULES = [
  'A1-A3',
  'A1',
  'A2',
  'A3',
  'A4',
  'A5',
  'B1',
  'B2',
  'B3',
  'B4',
  'B5',
  'B6',
  'B7',
  'C1',
  'C2',
  'C3',
  'C4',
  'D',
] as const;
export type EpdModule = (typeof EPD_MODULES)[number];

/** The file formats read: ILCD+EPD XML, its JSON form (soda4LCA), openEPD JSON, an EC3 record (JSON or YAML). */
export const EPD_FORMATS = {
  ilcdXml: 'ILCD+EPD XML',
  ilcdJson: 'ILCD+EPD JSON',
  openEpd: 'openEPD',
  ec3: 'EC3',
} as const;
export type EpdFormat = keyof typeof EPD_FORMATS;

const text = (title: string, maxLength = 300) => ({ type: ['string', 'null'], title, maxLength }) as const;
const amount = (title: string) => ({ type: ['number', 'null'], title }) as const;

export const epdModuleValue = {
  type: 'object',
  additionalProperties: false,
  required: ['module', 'value'],
  properties: {
    module: { type: 'string', enum: EPD_MODULES },
    /** the scenario a value belongs to ("Transport to Berlin", "100% recycling"); null: the module's only value */
    scenario: text('情景', 200),
    /** kgCO2e per declared unit, as written in the file */
    value: { type: 'number' },
  },
} as const;

export const epdData = {
  type: ['object', 'null'],
  title: 'EPD 数据',
  additionalProperties: false,
  required: ['format', 'modules'],
  properties: {
    format: { type: 'string', enum: Object.keys(EPD_FORMATS) as EpdFormat[] },
    /** the data set's own identifier (ILCD UUID, openEPD id) */
    uuid: text('数据集标识', 100),
    productName: text('产品名称'),
    manufacturer: text('生产企业'),
    /** the declared (or functional) unit: 1 m3, 1 t, 1000 kg, 1 m2 */
    declaredAmount: amount('声明单位数量'),
    declaredUnit: text('声明单位', 30),
    /** kg of product per declared unit */
    massPerUnit: amount('每声明单位质量(kg)'),
    /** gross density, kg/m³ */
    density: amount('密度(kg/m3)'),
    /** layer thickness, m (a product declared per m² turns into m³ by it) */
    thickness: amount('厚度(m)'),
    /** m² per declared unit (an area property of the reference flow) */
    areaPerUnit: amount('每声明单位面积(m2)'),
    /** the EN 15804 version: +A2 declares GWP-total, +A1 GWP */
    standard: { type: ['string', 'null'], enum: ['EN 15804+A2', 'EN 15804+A1', null] },
    /** the indicator's name and unit as written in the file */
    indicator: text('指标'),
    indicatorUnit: text('指标单位', 60),
    /** every GWP value the file declares, per module and scenario */
    modules: { type: 'array', maxItems: 200, items: epdModuleValue },
    /** the A1–A3 GWP per declared unit: declared, or the sum of A1, A2 and A3 when no A1–A3 is declared */
    a1a3: amount('A1–A3 GWP'),
    a1a3From: { type: ['string', 'null'], enum: ['declared', 'sum', null] },
    pcr: text('产品类别规则(PCR)'),
    registrationNo: text('注册编号', 150),
    operator: text('项目运营方'),
    /** ISO dates (YYYY-MM-DD); a file that gives only a year gives its last day for validUntil */
    issued: text('发布日期', 10),
    validUntil: text('有效期至', 10),
    referenceYear: { type: ['integer', 'null'], title: '参考年' },
    /** the uploaded file names the data came from */
    files: { type: 'array', maxItems: 10, items: { type: 'string', maxLength: 200 } },
  },
} as const;

export type EpdData = Exclude<FromSchema<typeof epdData>, null>;
export type EpdModuleValue = FromSchema<typeof epdModuleValue>;

/** An EPD whose validity ended before `today` (ISO date). */
export const epdExpired = (epd: Pick<EpdData, 'validUntil'> | null | undefined, today: string): boolean =>
  !!epd?.validUntil && epd.validUntil < today;

/** What was read from an upload: the declaration, what the file gives nowhere (in Chinese), and remarks. */
export interface EpdReading {
  /** every field present; what the file does not give is null (modules [] when none) */
  data: EpdData;
  /** what was not found, in a fixed vocabulary and order */
  missing: string[];
  notes: string[];
}

/** The factor-library row an importable EPD becomes. */
export interface EpdFactor {
  type: '建材';
  name: string;
  unit: string;
  materialCo: number;
  coUnit: string;
  density: number | null;
  densityUnit: string | null;
  densitySource: string | null;
  pieceSize: string | null;
  quality: 'epd';
  epdNo: string | null;
  source: string;
  remarks: string;
}

/** The pre-flight's answer. */
export interface EpdPreflight {
  reading: EpdReading;
  /** the current factor of the same declaration (registration number or data-set id) the import makes a new version
   * of, in the caller's tenant; null: a new factor */
  replaces: { id: number; name: string; version: number } | null;
  /** the factor the EPD becomes; null when it cannot */
  factor: EpdFactor | null;
  /** why it cannot be imported (empty: it can) */
  refusals: string[];
}
