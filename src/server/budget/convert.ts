// A bill line's quantity in its chosen factor's unit: only through a conversion the answer states — the
// same unit rules as every row (calc/units.ts: t → kg, m³ → t by the factor's density), and what the specification
// gives: a brick's size (240×115×53 → 0.0014628 m³ per 块, so 千块 → m³, and → t by a density), a sheet's thickness
// (m² × 6 mm → m³) and a bar's diameter (Φ12 → 0.888 kg per m). A line that no stated conversion takes to the factor's
// unit is refused with the reason, never guessed.
import { convertToFactor, parseUnit } from '../../calc/units';
import { shortNumber } from '../../calc/format';

export interface ConvertTarget {
  /** the factor's row unit (m3, t, 千块) and its CO2 unit (kgCO2e/m3) */
  unit: string;
  coUnit: string | null;
  /** t per unit of the factor's material (the library's density), or a bulk density in t/m³ */
  density: number | null;
  bulk: { value: number; source: string } | null;
}

export interface ConvertLine {
  name: string;
  spec: string;
  unit: string;
  quantity: number;
}

export type ItemConversion = { ok: true; quantity: number; steps: string[] } | { ok: false; message: string };

/** The size of a unit (a brick, a block) in mm: '240×115×53', '240*115*53', '390x190x190mm'. */
export function sizeOf(spec: string): [number, number, number] | undefined {
  const m = /(\d+(?:\.\d+)?)\s*[×xX*＊]\s*(\d+(?:\.\d+)?)\s*[×xX*＊]\s*(\d+(?:\.\d+)?)/.exec(spec);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined;
}

/** A bar's diameter in mm: Φ12, φ12, Ф12, ∅12, d12, 直径12. */
export function diameterOf(spec: string): number | undefined {
  const m = /(?:[ΦφФ∅]|(?<![A-Za-z])d|直径)\s*(\d+(?:\.\d+)?)/.exec(spec);
  return m ? Number(m[1]) : undefined;
}

/** A sheet's thickness in mm: '6mm', 'XPS 50mm', '厚3mm' (not a size like 600×600). */
export function thicknessOf(spec: string): number | undefined {
  if (sizeOf(spec)) return undefined;
  const m = /(?:厚\s*)?(\d+(?:\.\d+)?)\s*mm/i.exec(spec);
  return m ? Number(m[1]) : undefined;
}

/** Steel's density for a bar's mass per metre (GB/T 1499.2 computes the nominal mass with 7.85 g/cm³). */
const STEEL_T_PER_M3 = 7.85;
const n = (x: number) => shortNumber(x);

const factorUnitOf = (f: ConvertTarget) => f.coUnit || `kgCO2e/${f.unit}`;

/**
 * The density that bridges the line's unit and the factor's: the library's, which is t per the factor's unit, when
 * the factor is not per mass (for a per-t factor that figure means nothing); for a per-mass factor the bulk density
 * of the material's kind, which is t per m³ and so bridges only a volume.
 */
function densityOf(f: ConvertTarget, lineUnit: string): number | null {
  const perMass = parseUnit(f.unit)?.dims.M === 1;
  if (!perMass) return f.density;
  const u = parseUnit(lineUnit);
  return u && u.dims.L === 3 && Object.keys(u.dims).length === 1 ? (f.bulk?.value ?? null) : null;
}

/** `energy`: the line's energy kind, whose calorific value and density convert fuels (L → kg, kWh → m³). */
export function convertItem(line: ConvertLine, f: ConvertTarget, energy?: string): ItemConversion {
  const factorUnit = factorUnitOf(f);
  const direct = convertToFactor(line.quantity, line.unit, factorUnit, { density: densityOf(f, line.unit), energy });
  if (direct.ok) return { ok: true, quantity: direct.value, steps: withDensitySource(direct.steps, f, line.unit) };
  const unit = parseUnit(line.unit);
  const dims = unit ? Object.keys(unit.dims) : [];
  // pieces of a known size → their volume, then on as a volume
  const size = sizeOf(`${line.spec} ${line.name}`);
  if (unit && size && dims.length === 1 && dims[0].startsWith('#')) {
    const pieces = line.quantity * unit.scale;
    const each = (size[0] * size[1] * size[2]) / 1e9;
    const volume = pieces * each;
    const piece = dims[0].slice(1);
    const first = `${n(line.quantity)} ${line.unit}${unit.scale === 1 ? '' : ` = ${n(pieces)} ${piece}`} × ${size.join('×')} mm（${n(each)} m3/${piece}）= ${n(volume)} m3`;
    const on = convertToFactor(volume, 'm3', factorUnit, { density: densityOf(f, 'm3') });
    if (on.ok) return { ok: true, quantity: on.value, steps: [first, ...withDensitySource(on.steps, f, 'm3')] };
  }
  // a sheet's area → its volume by the thickness in its specification (平板玻璃 6mm, 挤塑板 50mm)
  const t = thicknessOf(line.spec);
  if (unit && t && dims.length === 1 && dims[0] === 'L' && unit.dims.L === 2) {
    const volume = line.quantity * unit.scale * (t / 1000);
    const first = `${n(line.quantity)} ${line.unit} × 厚 ${n(t)} mm = ${n(volume)} m3`;
    const on = convertToFactor(volume, 'm3', factorUnit, { density: densityOf(f, 'm3') });
    if (on.ok) return { ok: true, quantity: on.value, steps: [first, ...withDensitySource(on.steps, f, 'm3')] };
  }
  // a bar's length → its mass by the diameter
  const d = diameterOf(line.spec);
  if (unit && d && dims.length === 1 && dims[0] === 'L' && unit.dims.L === 1) {
    const metres = line.quantity * unit.scale;
    const kgPerM = (Math.PI / 4) * (d / 1000) ** 2 * STEEL_T_PER_M3 * 1000;
    const kg = metres * kgPerM;
    const first = `${n(metres)} m × Φ${n(d)} 钢筋 ${n(kgPerM)} kg/m（π/4 × d² × 7.85 t/m3）= ${n(kg)} kg`;
    const on = convertToFactor(kg, 'kg', factorUnit);
    if (on.ok) return { ok: true, quantity: on.value, steps: [first, ...on.steps] };
  }
  return { ok: false, message: direct.message };
}

/** A density step says where the density came from when it is the bulk table's. */
function withDensitySource(steps: string[], f: ConvertTarget, lineUnit: string): string[] {
  if (!f.bulk || parseUnit(f.unit)?.dims.M !== 1 || densityOf(f, lineUnit) === null) return steps;
  return steps.map((s) => (s.includes('密度') ? `${s}（${f.bulk!.source}）` : s));
}
