// The stage wizard's order and moves: the stages come from the building's menus (estimate drops
// trans, build and remove); back from the first stage goes to the project info, next from the last goes to
// the result page; from the result, back goes to the last stage. Routes are the spec's: /{module}/{stage}.
import { allMenuCodes, menuTitle, moduleDef, splitMenus, wizardStages } from '../../../schemas/standards';

/** Pages matched by /{module}/:stage that are not calculation stages. */
export const RESULT_PAGES: Record<string, string> = { result: '计算结果', compare: '建筑对比' };

/**
 * Every stage a module has a screen for, in wizard order (fixed ones included; estimate without trans/build/remove).
 */
export function moduleStages(module: string): string[] {
  const m = moduleDef(module);
  return m ? wizardStages(m.code, allMenuCodes(m)) : [];
}

export const isModuleStage = (module: string, code: string) => moduleStages(module).includes(code);

/** The building's wizard stages, in the module's order. */
export function buildingStages(module: string, menus: string | null | undefined): string[] {
  const chosen = new Set(splitMenus(menus));
  return moduleStages(module).filter((c) => chosen.has(c));
}

export const stageTitle = (module: string, code: string) => menuTitle(module, code) ?? RESULT_PAGES[code] ?? code;

export const listRoute = (module: string) => `/${module}/project/list`;
export const infoRoute = (module: string, id?: number | string) =>
  `/${module}/project/info${id != null ? `?id=${encodeURIComponent(String(id))}` : ''}`;
export const stageRoute = (module: string, code: string) => `/${module}/${code}`;

/** Where 上一步 goes from a stage: the previous stage, or the project info from the first. */
export function previousRoute(
  module: string,
  stages: readonly string[],
  current: string,
  buildingId: number | string,
): string {
  const i = stages.indexOf(current);
  return i > 0 ? stageRoute(module, stages[i - 1]) : infoRoute(module, buildingId);
}

/** Where 下一步 goes from a stage: the next stage, or the result from the last. */
export function nextRoute(module: string, stages: readonly string[], current: string): string {
  const i = stages.indexOf(current);
  return i >= 0 && i < stages.length - 1 ? stageRoute(module, stages[i + 1]) : stageRoute(module, 'result');
}
