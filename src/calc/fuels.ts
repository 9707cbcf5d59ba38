// What turns a fuel's mass or volume into energy and back: its net calorific value (低位发热量)
// and, for the liquid fuels bought by the litre, its density. Keyed by the row's energy kind (schemas/factors/
// kinds.ts). Each value keeps its source and mark like the factor library (V verified, M recalled); src/calc/
// units.ts reads them when a row's unit and its factor's unit differ in dimension (diesel in t on a per-TJ
// factor, natural gas in kWh on a per-m³ factor) and the row has no calorific value of its own (a library fuel
// brings its own). Electricity, heat and water have no calorific value: a row of them in another dimension than
// its factor's is refused, never guessed.
import type { EnergyKind } from '../../schemas/factors/kinds';

export interface FuelData {
  /** MJ per kg (solid and liquid fuels) */
  ncvPerKg?: number;
  /** MJ per m³ (gaseous fuels, standard m³) */
  ncvPerM3?: number;
  /** kg per m³ (a liquid bought by volume; water) */
  density?: number;
  /** where the numbers come from, with their marks */
  source: string;
  /** the calorific value stands for a whole family, not this very fuel (coal: 原煤's): the trace names it a default */
  defaultOf?: string;
}

export const FUELS: Partial<Record<EnergyKind, FuelData>> = {
  diesel: {
    ncvPerKg: 42.652,
    density: 827.5,
    source:
      '低位发热量 42.652 MJ/kg：GB/T 51366-2019 附录A（V）；密度 827.5 kg/m³：GB 19147-2016 车用柴油 20 ℃ 密度 810~845 kg/m³ 取中值（M）',
  },
  gasoline: {
    ncvPerKg: 43.07,
    density: 747.5,
    source:
      '低位发热量 43.070 MJ/kg：GB/T 51366-2019 附录A（V）；密度 747.5 kg/m³：GB 17930-2016 车用汽油 20 ℃ 密度 720~775 kg/m³ 取中值（M）',
  },
  lpg: { ncvPerKg: 50.179, source: '低位发热量 50.179 MJ/kg：GB/T 51366-2019 附录A（V）' },
  naturalGas: { ncvPerM3: 38.931, source: '低位发热量 38.931 MJ/m³（389.31 GJ/万m³）：GB/T 51366-2019 附录A（M）' },
  // every coal, coke and briquette of the library carries its own value (seed data fuel_ncv.csv); this is for a row
  // of 煤炭 without one
  coal: {
    ncvPerKg: 20.908,
    defaultOf: '原煤',
    source: '低位发热量 20.908 MJ/kg：GB/T 2589-2020 附录A 原煤平均低位发热量 20 908 kJ/kg（M）',
  },
  water: { density: 1000, source: '水的密度 1 000 kg/m³' },
};
