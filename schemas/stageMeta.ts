// The stages as the generic code asks for them: every stage's x-stage in registry order (schemas/standards.ts
// STAGE_SCHEMAS), one by its code, or the one that plays a role. Code outside schemas/ names a role, never a stage
// code, so a stage's code lives in its schema file alone.
import { STAGE_SCHEMAS } from './standards';
import type { StageMeta, StageRole } from './types';

/** Every stage's x-stage, in registry order (read on each call: a test may name a stage before the first read). */
export const stageMetas = (): StageMeta[] =>
  Object.values(STAGE_SCHEMAS as Record<string, { 'x-stage': StageMeta }>).map((s) => s['x-stage']);

export const stageMeta = (code: string): StageMeta | undefined => stageMetas().find((m) => m.code === code);

/** The code of the stage playing `role` ('materials' → 'produce'); undefined when no stage does. */
export const stageOfRole = (role: StageRole): string | undefined => stageMetas().find((m) => m.role === role)?.code;

/** The codes of the stages playing any of `roles`, in the order of the roles. */
export const stagesOfRoles = (roles: readonly StageRole[]): string[] =>
  roles.map(stageOfRole).filter((c): c is string => !!c);
