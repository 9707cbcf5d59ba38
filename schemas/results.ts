// The building's result fields, derived from the stage registry (schemas/standards.ts STAGE_SCHEMAS): each stage adds
// its total to the field its `x-stage.result` names. The built-in fields are columns of tpf3Project (with their
// titles); a stage naming a field tpf3Project lacks gets a column titled after the stage (withResultColumns), so a new
// stage is shown, stored, listed and compared without code beside its schema file.
import { result, tpf3Project } from './domain/tpf3Project';
import type { ResourceSchema } from './index';
import type { StagePhase } from './types';
import { stageMetas } from './stageMeta';
import { allMenuCodes, moduleDef } from './standards';

export interface ResultFieldDef {
  /** the building column, e.g. 'runtimeTotal' */
  field: string;
  /** '建筑运行': the column's title without its unit */
  title: string;
  /** the stages adding to it, in registry order */
  stages: string[];
  /** the phase its stages share (a field fed by stages of two phases is refused) */
  phase: StagePhase;
  /** a carbon sink: stored negative, shown as 减碳, outside the share donut */
  sink: boolean;
}

const UNIT = /\(tCO2e\)$/;

const declared = tpf3Project.properties as Record<string, { title?: string }>;

/** The result fields in registry order, sinks last, titled as their columns are (or as their first stage). */
export function resultFields(): ResultFieldDef[] {
  const byField = new Map<string, ResultFieldDef>();
  for (const m of stageMetas()) {
    if (!m.result) continue;
    // a maintainer's slip, caught at start: without its phase a stage's total would fall out of the intensities
    if (!m.phase) throw new Error(`stage ${m.code}: x-stage.result needs x-stage.phase`);
    const f = byField.get(m.result) ?? {
      field: m.result,
      title: declared[m.result]?.title?.replace(UNIT, '') ?? m.title,
      stages: [],
      phase: m.phase,
      sink: m.phase === 'sink',
    };
    if (f.phase !== m.phase)
      throw new Error(
        `stage ${m.code}: result field ${m.result} is ${f.phase}, not ${m.phase}; name a field of its own`,
      );
    f.stages.push(m.code);
    byField.set(m.result, f);
  }
  const all = [...byField.values()];
  return [...all.filter((f) => !f.sink), ...all.filter((f) => f.sink)];
}

/** The sum of a stored building's result fields of one phase (tCO2e); a field not stored counts 0. */
export function phaseTotal(b: Record<string, unknown>, phase: StagePhase): number {
  return resultFields()
    .filter((f) => f.phase === phase)
    .reduce((sum, f) => {
      const v = Number(b[f.field]);
      return Number.isFinite(v) ? sum + v : sum;
    }, 0);
}

export const resultFieldNames = (): string[] => resultFields().map((f) => f.field);

/** The result fields a module's stages add to (all of them without a module: 统计分析, /project/list). */
export function moduleResultFields(module?: string): ResultFieldDef[] {
  const m = module ? moduleDef(module) : undefined;
  if (!m) return resultFields();
  const codes = allMenuCodes(m);
  return resultFields().filter((f) => f.stages.some((c) => codes.includes(c)));
}

/** The building's stored result columns, in list order: intensity, total, then the module's result fields. */
export const resultColumns = (module?: string): string[] => [
  'streng3',
  'total',
  ...moduleResultFields(module).map((f) => f.field),
];

/** The building schema with a column for every result field a stage names and it does not declare. */
export function withResultColumns<S extends ResourceSchema>(building: S): S {
  const missing = resultFields().filter((f) => !(f.field in building.properties));
  if (!missing.length) return building;
  const extra = Object.fromEntries(missing.map((f) => [f.field, result(`${f.title}(tCO2e)`)]));
  return { ...building, properties: { ...building.properties, ...extra } };
}
