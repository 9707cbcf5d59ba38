// The classes a factor and a stage row are described by: which energy a row uses — only electricity
// may fall back on the building's grid factor — and where a number comes from (its data-quality class).

/** Energies of the construction, demolition and operation rows (dictionary energyKind). */
export const ENERGY_KINDS = [
  ['electricity', '电力'],
  ['naturalGas', '天然气'],
  ['diesel', '柴油'],
  ['gasoline', '汽油'],
  ['lpg', '液化石油气'],
  ['coal', '煤炭'],
  ['heat', '市政热力'],
  ['water', '自来水'],
  ['other', '其他'],
] as const;

export type EnergyKind = (typeof ENERGY_KINDS)[number][0];
export const ENERGY_VALUES = ENERGY_KINDS.map(([v]) => v) as EnergyKind[];

/**
 * Data-quality classes (dictionary dataQuality), best first: 实测 metered, EPD product-specific, 标准默认值 the
 * standard's appendix, 数据库 CPCD or another named database, 估算 assumed. The grade rule is in
 * src/calc/quality.ts and docs/calculation.md.
 */
export const DATA_QUALITY = [
  ['metered', '实测'],
  ['epd', 'EPD'],
  ['standard', '标准默认值'],
  ['database', '数据库'],
  ['estimate', '估算'],
] as const;

export type DataQuality = (typeof DATA_QUALITY)[number][0];
export const QUALITY_VALUES = DATA_QUALITY.map(([v]) => v) as DataQuality[];

export const energyProperty = {
  type: 'string',
  title: '能源种类',
  enum: ENERGY_VALUES,
  'x-dict': 'energyKind',
  'x-list': true,
  'x-import': '能源种类',
} as const;

export const qualityProperty = {
  type: 'string',
  title: '数据质量',
  enum: QUALITY_VALUES,
  'x-dict': 'dataQuality',
  'x-list': false,
  'x-import': '数据质量',
} as const;
