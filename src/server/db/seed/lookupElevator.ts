// The elevator lookup tables (tpf3Lookup) by the rules of ./lookupRules.ts. 电梯能效等级: per scale and class,
// value = specific travel energy (mWh/(kg·m)), value2 = standby power (W), both the class's upper bound (the
// conservative end). VDI 4707 from elevator_vdi4707.csv; ISO 25745-2 running classes from elevator_vdi4707.csv with
// the idle/standby classes from lookup_elevator.csv. 电梯使用强度: the VDI 4707 usage categories.
import type { CsvRow as Row } from './dataFiles';
import { markFor, str, type Verification, weakest } from './factors';
import { LOOKUP_LABELS } from './lookupData';
import { conservative, join, lookup, original, type SeedLookup } from './lookupRules';

const CLASSES = ['A', 'B', 'C', 'D', 'E', 'F', 'G'];

export function elevatorClass(vdi: Row[], elevator: Row[]): SeedLookup[] {
  const cell = (rows: Row[], table: string, key: string, col: string) =>
    rows.find((r) => str(r.table) === table && str(r.key) === key)?.[col];
  const scale = (
    label: string,
    source: string,
    travel: (k: string) => { text?: string; mark?: string },
    standby: (k: string) => { text?: string; mark?: string },
    note: (k: string) => string,
  ) =>
    CLASSES.map((k) => {
      const t = travel(k);
      const s = standby(k);
      const value = conservative(t.text, 'high');
      const value2 = conservative(s.text, 'high');
      const marks = [
        value !== null ? markFor(str(t.mark)) : undefined,
        value2 !== null ? markFor(str(s.mark)) : undefined,
      ].filter((m): m is Verification => !!m);
      return lookup({
        table: 'elevatorClass',
        name: `${label} ${k} 级`,
        spec: `${label}；参数值=特定运行能耗上限，参数值2=待机功率上限`,
        value,
        unit: 'mWh/(kg·m)',
        value2,
        unit2: 'W',
        source,
        verification: marks.length ? weakest(marks) : 'U',
        remarks: join(
          original(t.text) && `运行${original(t.text)}`,
          original(s.text) && `待机${original(s.text)}`,
          t.text === undefined ? '原表无此等级的运行能耗界限' : '',
          note(k),
        ),
      });
    });
  const vdiRow = (table: string) => (k: string) => ({
    text: cell(vdi, table, k, 'value_1'),
    mark: cell(vdi, table, k, 'verification'),
  });
  const convention = str(elevator.find((r) => str(r.table) === 'app_convention')?.value);
  return [
    ...scale(
      'VDI 4707',
      'VDI 4707 Blatt 1 能效等级界限（回忆值，未核对原文）',
      vdiRow('vdi4707_travel_class'),
      vdiRow('vdi4707_standby_class'),
      (k) =>
        k <= 'E' && convention
          ? `国内碳计算工具常用 A–E 级取值同此（${convention}；回忆值，未确认其所用等级体系）`
          : '',
    ),
    ...scale(
      'ISO 25745-2',
      'ISO 25745-2:2015 能效等级界限（GB/T 30559.2-2017 等同采用；界限值为回忆值，未核对原文）',
      vdiRow('iso25745_2_running_class'),
      (k) => ({
        text: cell(elevator, 'iso25745_2_idle_standby_class', k, 'value'),
        mark: cell(elevator, 'iso25745_2_idle_standby_class', k, 'verification'),
      }),
      () => '',
    ),
  ];
}

// 电梯使用强度: VDI 4707 usage categories, value = travel hours per day, value2 = standby hours per day.
export function elevatorUsage(vdi: Row[]): SeedLookup[] {
  return vdi
    .filter((r) => str(r.table) === 'usage_category')
    .map((r) => {
      const key = str(r.key);
      const zh = LOOKUP_LABELS.elevatorUsage[key];
      if (!zh) throw new Error(`seed lookup: unknown VDI 4707 usage category ${JSON.stringify(key)}`);
      return lookup({
        table: 'elevatorUsage',
        name: zh.name,
        spec: `${zh.spec}；参数值=日运行时间，参数值2=日待机时间`,
        value: conservative(r.value_1, 'high'),
        unit: 'h/d',
        value2: conservative(r.value_2, 'high'),
        unit2: 'h/d',
        source: 'VDI 4707 Blatt 1 使用类别（help.vabi.nl VDI 4707 页面；support.elevatorportal.com）',
        verification: markFor(str(r.verification)),
        remarks: str(r.notes),
      });
    });
}
