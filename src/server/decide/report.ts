// What the PDF/Word report and the building workbook show of the decision tools: the reference lines,
// the variants compared with the baseline, the hotspots with their substitutes and the uncertainty band.
import type { CompareAnswer, HotspotAnswer, ReferenceAnswer, UncertaintyAnswer } from '../../calc/decide/types';
import type { Caller } from '../db/caller';
import type { Db } from '../db/database';
import type { ApiRecord } from '../db/record';
import { ApiError } from '../errors';
import { hotspots } from './hotspots';
import { referenceAnswer } from './reference';
import { uncertainty } from './uncertainty';
import { compareVariants } from './variantCompare';

export interface DecisionReport {
  reference: ReferenceAnswer;
  /** null: the building has no variants */
  variants: CompareAnswer | null;
  hotspots: HotspotAnswer;
  /** null with `uncertaintyNote` (核算, or not calculated) */
  uncertainty: UncertaintyAnswer | null;
  uncertaintyNote: string | null;
}

/** Everything the decision sections show, for a building the caller may read. */
export async function decisionReport(db: Db, caller: Caller, building: ApiRecord): Promise<DecisionReport> {
  // the draws run in a pool thread while this thread reads the other sections
  const band = uncertainty(db, building).then(
    (answer) => ({ answer, note: null }),
    (err: unknown) => {
      if (!(err instanceof ApiError)) throw err;
      return { answer: null, note: err.message };
    },
  );
  band.catch(() => undefined); // (awaited below; a section failing first leaves it unheard, not unhandled)
  const reference = await referenceAnswer(db, caller, building);
  const variants = await compareVariants(db, caller, building.id);
  const spots = await hotspots(db, building);
  const { answer, note } = await band;
  return { reference, variants, hotspots: spots, uncertainty: answer, uncertaintyNote: note };
}
