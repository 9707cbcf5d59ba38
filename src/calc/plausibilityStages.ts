// Which stages each 合理性检查 figure is made of: an aggregate intensity is checked only when the stages it adds up
// have rows, and a stage's 计算过程 shows the flags of the figures it adds to. Kept apart from the review
// (./plausibility.ts): a stage's trace asks it of a stored review without reviewing again.
import { resultFields } from '../../schemas/results';
import { stageMeta, stagesOfRoles } from '../../schemas/stageMeta';
import type { StageRole } from '../../schemas/types';
import type { PlausibilityReview } from './plausibility';
import type { PlausibilityMetric } from './plausibilityText';

/** Which stages (by role) an aggregate intensity adds up (those of them the building has must have rows). */
const FEEDS: Partial<Record<PlausibilityMetric, StageRole[]>> = {
  embodied: ['materials', 'transport', 'construction'],
  operation: ['operation'],
  lifecycle: ['materials', 'transport', 'construction', 'operation'],
};
/** Of those, the ones the building must have for the aggregate to be checked at all. */
const NEEDED: Partial<Record<PlausibilityMetric, StageRole[]>> = {
  embodied: ['materials'],
  operation: ['operation'],
  lifecycle: ['materials', 'operation'],
};
export const STAGE_NAMES = (codes: string[]) => codes.map((c) => stageMeta(c)?.title ?? c).join('、');

/** Why an aggregate is not checked: a stage it adds up is missing or has no rows; undefined when it is checked. */
export function gate(metric: PlausibilityMetric, stageRows: Record<string, number>): string | undefined {
  const feeds = stagesOfRoles(FEEDS[metric] ?? []);
  if (!feeds.length) return undefined;
  const absent = stagesOfRoles(NEEDED[metric] ?? []).filter((c) => !(c in stageRows));
  if (absent.length) return `本单体不含${STAGE_NAMES(absent)}阶段，未检查`;
  const empty = feeds.filter((c) => c in stageRows && !(stageRows[c] > 0));
  return empty.length ? `${STAGE_NAMES(empty)}尚无数据，未检查` : undefined;
}

/** The stages each figure is made of: a stage's calculation process shows the flags (and workings) of its figures. */
function figureStages(metric: PlausibilityMetric): string[] {
  if (metric === 'concrete' || metric === 'steel') return stagesOfRoles(['materials']);
  if (metric === 'lifecycle') return resultFields().flatMap((f) => f.stages);
  return stagesOfRoles(FEEDS[metric] ?? []);
}

/**
 * What a stage's 计算过程 says of 合理性检查: the flags of the figures the stage adds to, and how its material figures were
 * found.
 */
export function stagePlausibility(
  review: Pick<PlausibilityReview, 'flags' | 'figures'> | null | undefined,
  stage: string,
): { flags: string[]; workings: string[] } {
  if (!review) return { flags: [], workings: [] };
  const mine = (m: PlausibilityMetric) => figureStages(m).includes(stage);
  return {
    flags: (review.flags ?? []).filter((f) => mine(f.metric)).map((f) => f.text),
    workings: (review.figures ?? []).filter((f) => f.working && mine(f.metric)).map((f) => f.working!),
  };
}
