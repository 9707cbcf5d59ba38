// The factor-picker helpers of the stage dialog; what a row keeps of a factor is shared with the server
// (src/calc/factor.ts), so the dialog shows before saving exactly what the row will be calculated with, and the
// Chinese labels are the ones the server stores for search (src/calc/factorLabel.ts).
export { factorSource, fillFromFactor, isBaseline, normalizedFactor } from '../../calc/factor';
export {
  factorCategory,
  factorLabel,
  factorRowName,
  factorValueText,
  provinceFirst,
  provinceShort,
  factorSearchText,
} from '../../calc/factorLabel';
