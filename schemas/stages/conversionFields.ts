// The fields that turn a row's unit into its factor's: a density with the unit it is per, a piece's size, a fuel's
// calorific value. Each conversion needs what the row states; none is guessed across dimensions.
import { LIMITS } from './limits';

/** A row's density in t per unit (transport mass; kept with a produced material for the transport stage). */
export const density = (list: boolean) =>
  ({
    type: ['number', 'null'],
    title: '密度(t/单位)',
    exclusiveMinimum: 0,
    maximum: LIMITS.density,
    'x-decimals': 4,
    'x-list': list,
    'x-import': '密度(t/单位)',
  }) as const;

/**
 * What a density is per, and what else turns the row's unit into the density's (src/calc/units.ts): a density is
 * used only between a mass and its own unit's dimension — 1.9 t/m3 weighs cubic metres, never 千块 — so a row counted
 * in pieces or square metres states its size (a brick's 240×115×53, a sheet's thickness) or its own density.
 */
export const densityFields = {
  densityUnit: {
    type: 'string',
    title: '密度单位',
    maxLength: 20,
    'x-trim': true,
    'x-list': false,
    'x-import': '密度单位',
    description: '密度为每该单位的质量，如 t/m3、t/m2、t/块；未填按 t/用量单位（如 t/千块）',
  },
  pieceSize: {
    type: 'string',
    title: '规格尺寸(mm)',
    maxLength: 40,
    'x-trim': true,
    'x-list': false,
    'x-import': '规格尺寸(mm)',
    description: '块料长×宽×高（如 240×115×53），板材厚度（如 20），用于换算为密度的单位',
  },
} as const;

/**
 * A fuel's net calorific value (低位发热量) for a row whose quantity and factor differ in dimension (coke in t on a
 * per-TJ factor): copied from the library fuel, or the user's own (a supplier's test report). Without it the
 * energy kind's default is used and named in the trace (src/calc/fuels.ts).
 */
export const fuelFields = {
  ncv: {
    type: ['number', 'null'],
    title: '低位发热量',
    exclusiveMinimum: 0,
    maximum: 1000,
    'x-decimals': 3,
    'x-list': false,
    'x-import': '低位发热量',
  },
  ncvUnit: {
    type: 'string',
    title: '发热量单位',
    maxLength: 20,
    'x-trim': true,
    'x-list': false,
    'x-import': '发热量单位',
    description: '如 MJ/kg、GJ/t、MJ/m3',
  },
  ncvSource: { type: 'string', title: '发热量来源', maxLength: 200, 'x-list': false, 'x-import': '发热量来源' },
} as const;
