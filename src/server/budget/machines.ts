// A machine-shift line (台班) matched to GB/T 51366-2019 表C.0.1 (the 参数表 constructionMachine): the rows of the
// same machine (by name), of its fuel when the bill names one, and of the nearest size (./machineSize.ts: the size
// read from the specification or the name, compared only with a size of the same kind). The row gives the energy
// per shift and its carrier (柴油 kg, 汽油 kg, 电 kWh). Only the same machine at the same size is sure enough to be
// chosen without the user; a nearest size, a size of another kind or none is offered below that, saying which row
// was taken. Every line also gets the rows the user may pick instead: the machine's own, or the whole table when its
// name is not in it (a shift cannot be turned into energy without a figure a person gives).
import type { EnergyKind } from '../../../schemas/factors/kinds';
import { comparable, kindList, kindWords, parseSize, sizeText, type MachineSize } from './machineSize';

export interface MachineRow {
  id: number;
  name: string;
  /** '斗容量 1 m3' */
  spec: string;
  /** energy per 台班 */
  value: number | null;
  /** '柴油 kg/台班', '电 kWh/台班' */
  unit: string;
}

/** A usable row as the mapping shows it. */
export interface MachineOption {
  lookupId: number;
  name: string;
  spec: string;
  energyPerShift: number;
  energy: EnergyKind;
  /** the energy's unit per shift: kg or kWh */
  energyUnit: string;
}

export interface MachineMatch extends MachineOption {
  confidence: number;
  reasons: string[];
}

export interface MachineChoice {
  match: MachineMatch | undefined;
  /** the rows the user may pick (ids): the machine's, or every usable row when its name is not in the table */
  options: number[];
  /** why no row was matched */
  note: string | null;
}

const CARRIERS: Record<string, [EnergyKind, string, string]> = {
  柴油: ['diesel', 'kg', '柴油'],
  汽油: ['gasoline', 'kg', '汽油'],
  电: ['electricity', 'kWh', '电'],
};
const FUELS: [RegExp, EnergyKind, string][] = [
  [/柴油/, 'diesel', '柴油'],
  [/汽油/, 'gasoline', '汽油'],
  [/电动|电力/, 'electricity', '电动'],
];
const FUEL_QUALIFIER = /[(（]\s*(?:柴油|汽油|电动|内燃)\s*[)）]/g;
// (two figures within this are the same size: 0.8 − 0.6 and 1 − 0.8 differ in the last bit)
const SAME = 1e-9;

const bare = (s: string) => s.replace(/[\s（）()]/g, '');

interface Prepared {
  option: MachineOption;
  bare: string;
  size: MachineSize | undefined;
}

interface Table {
  usable: Prepared[];
  byId: Map<number, MachineOption>;
  /** bare names of the rows without an energy figure */
  unusable: Set<string>;
  kinds: string[];
  /** sameMachine's answers by bare name (a bill names one machine in many sizes) */
  pools: Map<string, { pool: Prepared[]; level: 'same' | 'contains' | 'within' }>;
}

/** The kind a row's specification names before its figure: '提升质量(起重力矩) 400 t·m' → 提升质量(起重力矩). */
const rowKind = (spec: string) => /^([^\d]*?)\s*\d/.exec(spec.normalize('NFKC'))?.[1] ?? '';

/** The rows prepared once per rows array (a 5 000-line bill asks for a thousand machines). */
const tables = new WeakMap<readonly MachineRow[], Table>();
function table(rows: readonly MachineRow[]): Table {
  let t = tables.get(rows);
  if (t) return t;
  const kinds = kindList(rows.flatMap((r) => [rowKind(r.spec), ...kindWords(rowKind(r.spec))]).filter(Boolean));
  const usable: Prepared[] = [];
  const unusable = new Set<string>();
  for (const r of rows) {
    const carrier = CARRIERS[r.unit.split(' ')[0]];
    if (r.value === null || !carrier) {
      unusable.add(bare(r.name));
      continue;
    }
    const option = {
      lookupId: r.id,
      name: r.name,
      spec: r.spec,
      energyPerShift: r.value,
      energy: carrier[0],
      energyUnit: carrier[1],
    };
    usable.push({ option, bare: bare(r.name), size: parseSize(r.spec, kinds) });
  }
  t = { usable, byId: new Map(usable.map((p) => [p.option.lookupId, p.option])), unusable, kinds, pools: new Map() };
  tables.set(rows, t);
  return t;
}

/** A usable row of the table by its id (a row the user picked), or undefined. */
export const machineOption = (rows: readonly MachineRow[], id: number): MachineOption | undefined =>
  table(rows).byId.get(id);

/** The usable rows among `ids`, in the table's order. */
export function machineOptions(rows: readonly MachineRow[], ids: ReadonlySet<number>): MachineOption[] {
  return table(rows).usable.flatMap((p) => (ids.has(p.option.lookupId) ? [p.option] : []));
}

/** The rows of the line's machine: the same name, else the longest name the line's holds, else those holding it. */
function sameMachine(name: string, t: Table): { pool: Prepared[]; level: 'same' | 'contains' | 'within' } {
  let found = t.pools.get(name);
  if (!found) t.pools.set(name, (found = poolOf(name, t)));
  return found;
}

function poolOf(name: string, t: Table): { pool: Prepared[]; level: 'same' | 'contains' | 'within' } {
  const same = t.usable.filter((p) => p.bare === name);
  if (same.length) return { pool: same, level: 'same' };
  const contained = t.usable.filter((p) => name.includes(p.bare));
  const longest = Math.max(0, ...contained.map((p) => p.bare.length));
  if (contained.length) return { pool: contained.filter((p) => p.bare.length === longest), level: 'contains' };
  return { pool: name.length >= 2 ? t.usable.filter((p) => p.bare.includes(name)) : [], level: 'within' };
}

/** The row of the nearest comparable size (on a tie the larger: the more energy, the safer side), and how near. */
function bySize(
  size: MachineSize | undefined,
  pool: Prepared[],
): { best: Prepared; how: 'same' | 'nearest' | 'none' | 'one' } {
  // a machine the table gives once, without a size, is that row whatever the bill's size
  if (pool.length === 1 && !pool[0].size) return { best: pool[0], how: 'one' };
  const comp = size ? pool.filter((p) => p.size && comparable(size, p.size)) : [];
  if (!size || !comp.length) return { best: pool[0], how: 'none' };
  const d = (p: Prepared) => Math.abs(p.size!.value - size.value);
  const best = comp.reduce((a, b) =>
    d(b) < d(a) - SAME || (Math.abs(d(b) - d(a)) <= SAME && b.size!.value > a.size!.value) ? b : a,
  );
  return { best, how: d(best) <= SAME ? 'same' : 'nearest' };
}

const NAME_SCORE = { same: 0.6, contains: 0.5, within: 0.4 };
const SIZE_SCORE = { same: 0.35, one: 0.35, nearest: 0.15, none: 0 };

export function matchMachineChoice(line: { name: string; spec: string }, rows: readonly MachineRow[]): MachineChoice {
  const t = table(rows);
  const inName = parseSize(line.name, t.kinds);
  const size = parseSize(line.spec, t.kinds) ?? inName;
  const nameText = line.name.normalize('NFKC');
  const name = bare(
    (inName && inName.start > 0 ? nameText.slice(0, inName.start) : nameText).replace(FUEL_QUALIFIER, ''),
  );
  const { pool, level } = sameMachine(name, t);
  if (!pool.length) {
    const why = t.unusable.has(name)
      ? `附录C 表中「${line.name}」暂无台班能耗`
      : `附录C 施工机械台班能耗表中没有「${line.name}」`;
    return {
      match: undefined,
      options: t.usable.map((p) => p.option.lookupId),
      note: `${why}，请选择表中相近的机械，或按能源用量录入`,
    };
  }
  const reasons = [level === 'same' ? '机械名称相同' : `机械名称相近（${pool[0].option.name}）`];
  let candidates = pool;
  const fuel = FUELS.find(([re]) => re.test(`${line.name} ${line.spec}`));
  if (fuel) {
    const ofFuel = pool.filter((p) => p.option.energy === fuel[1]);
    if (ofFuel.length) candidates = ofFuel;
    reasons.push(ofFuel.length ? `燃料相同（${fuel[2]}）` : `表中该机械没有${fuel[2]}型`);
  }
  const { best, how } = bySize(size, candidates);
  const spec = best.option.spec;
  if (how === 'same') reasons.push(`规格相同（${spec}）`);
  else if (how === 'one') reasons.push(`表中该机械不分规格`);
  else if (how === 'nearest') reasons.push(`规格取表中最接近的 ${spec}（清单为 ${sizeText(size!)}）`);
  else if (size) reasons.push(`清单规格「${sizeText(size)}」与表中规格不可比，取 ${spec}`);
  else reasons.push(`清单未注明规格，取 ${spec}`);
  const confidence = Math.round((NAME_SCORE[level] + SIZE_SCORE[how]) * 100) / 100;
  return { match: { ...best.option, confidence, reasons }, options: pool.map((p) => p.option.lookupId), note: null };
}

/** The line's 表C.0.1 row, or undefined when its machine is not in the table. */
export const matchMachine = (
  line: { name: string; spec: string },
  rows: readonly MachineRow[],
): MachineMatch | undefined => matchMachineChoice(line, rows).match;
