// What the PDF/Word report and the building workbook show of the decision tools (issue 13 §6): the reference lines,
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
  let band: UncertaintyAnswer | null = null;
  let uncertaintyNote: string | null = null;
  try {
    band = await uncertainty(db, building);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    uncertaintyNote = err.message;
  }
  return {
    reference: await referenceAnswer(db, caller, building),
    variants: await compareVariants(db, caller, building.id),
    hotspots: await hotspots(db, building),
    uncertainty: band,
    uncertaintyNote,
  };
}
