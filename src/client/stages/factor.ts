// The factor-picker helpers of the stage dialog; what a row keeps of a factor is shared with the server
// (src/calc/factor.ts), so the dialog shows before saving exactly what the row will be calculated with.
import type { Factor } from './stageApi';

export { factorSource, isBaseline, normalizedFactor } from '../../calc/factor';

/** The option text: name and spec. */
export const factorLabel = (f: Pick<Factor, 'name' | 'spec'>) => [f.name, f.spec].filter(Boolean).join(' ');
