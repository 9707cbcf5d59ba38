// A machine row's energy (GB/T 51366 §5.2, 附录C): its shifts × its energy per shift, in the per-shift unit the row
// states (t, kWh/台班 …) or, when it states none, its energy's own unit (kWh of electricity, m³ of gas, GJ of heat, kg
// of a fuel or of any other energy). Said in the steps either way: a per-shift figure in t read as kg is 1 000 times
// too small, and only the stated unit lets a reviewer see which was meant.
import { ENERGY_KINDS } from '../../schemas/factors/kinds';
import { shortNumber } from './format';
import { normalizeUnit, shiftEnergyUnit } from './units';

export interface ShiftEnergy {
  /** shifts × energy per shift, in `unit` */
  amount: number;
  unit: string;
  /** '154.283 台班 × 1 t/台班 = 154.283 t', after the default's words when the row states no unit */
  readonly steps: string[];
  /** what a refusal names: the per-shift unit as the user typed it, or the default taken */
  subject: string;
}

const KIND_LABELS: Record<string, string> = Object.fromEntries(ENERGY_KINDS);

const stepText = (shifts: number, perShift: number, amount: number, unit: string) =>
  `${shortNumber(shifts)} 台班 × ${shortNumber(perShift)} ${unit}/台班 = ${shortNumber(amount)} ${unit}`;

export function shiftEnergy(shifts: number, perShift: number, energy: unknown, own: unknown): ShiftEnergy {
  const unit = shiftEnergyUnit(energy, own);
  const amount = shifts * perShift;
  // (the steps are written when read: a calculation needs the amount of every row, the trace the words of a few)
  if (normalizeUnit(own)) {
    return {
      amount,
      unit,
      get steps() {
        return [stepText(shifts, perShift, amount, unit)];
      },
      subject: `台班能耗单位「${String(own).trim()}」`,
    };
  }
  const kind = KIND_LABELS[String(energy ?? '')];
  const taken = `按${kind ? `能源种类「${kind}」` : '能源种类'}的默认单位 ${unit}/台班 计`;
  return {
    amount,
    unit,
    get steps() {
      return [`台班能耗单位未填写：${taken}`, stepText(shifts, perShift, amount, unit)];
    },
    subject: `台班能耗单位（未填写，${taken}）`,
  };
}
