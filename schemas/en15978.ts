// The building's result read in EN 15978 modules, beside GB/T 51366's stages: which stage feeds which module line, and
// why. A module no stage feeds is 未计算 (the GB boundary does not cover it), never 0. The sink has a line of its own:
// GB counts it in operation, EN 15978 has no module for it. Module D (benefits beyond the boundary) comes only from
// EPD factors that declare it, and is never added to the total. src/calc/modules.ts builds the view from this list.

export interface ModuleLine {
  /** the EN 15978 module or module group */
  module: string;
  /** what EN 15978 calls it, in Chinese */
  title: string;
  /** the stage codes (x-stage.code) whose totals make the line; [] for a module GB does not calculate */
  stages: readonly string[];
  /** why the stages belong here, or why the module is not calculated */
  reason: string;
  /** the sink line: GB's carbon sink, outside EN 15978's modules */
  sink?: true;
}

export const EN15978_LINES: readonly ModuleLine[] = [
  {
    module: 'A1–A3',
    title: '产品阶段',
    stages: ['produce'],
    reason: '建材生产：原材料开采、运输至工厂与生产的排放，即 EPD 声明的 A1–A3',
  },
  { module: 'A4', title: '运输至施工现场', stages: ['trans'], reason: '建材运输：建材从工厂运至施工现场' },
  { module: 'A5', title: '施工安装', stages: ['build'], reason: '建筑建造：施工机械与现场能耗' },
  {
    module: 'B1',
    title: '使用',
    stages: [],
    reason: '产品使用中向环境的排放或吸收（如混凝土碳化）不在 GB/T 51366 的计算范围内',
  },
  {
    module: 'B2–B5',
    title: '维护、维修、更换与翻新',
    stages: ['runtimeChange', 'removeChange'],
    reason: '维护改造与改造中的拆除，按核算模块的改造阶段计',
  },
  { module: 'B6', title: '运行能耗', stages: ['runtime'], reason: '建筑运行：暖通空调、生活热水、照明、电梯等的能耗' },
  {
    module: 'B7',
    title: '运行用水',
    stages: [],
    reason: 'GB/T 51366 不单列用水的排放；运行阶段计入的自来水排放已含在 B6 中',
  },
  {
    module: '碳汇',
    title: '碳汇（GB/T 51366 计入建筑运行）',
    stages: ['green'],
    reason: 'EN 15978 没有碳汇模块，单列一行，并按 GB/T 51366 计入合计',
    sink: true,
  },
  { module: 'C1', title: '拆除', stages: ['remove'], reason: '建筑拆除：拆除机械与能耗' },
  {
    module: 'C2',
    title: '废弃物运输',
    stages: [],
    reason: 'GB/T 51366 不单列拆除废弃物的运输；废弃物处理阶段如含运输，已计入 C3–C4',
  },
  { module: 'C3–C4', title: '废弃物处理与处置', stages: ['waste'], reason: '废弃物处理：回收处理与填埋、焚烧' },
];

/** Module D: reported on its own line, never added to the total (EN 15978 keeps it outside the life cycle). */
export const MODULE_D = {
  module: 'D',
  title: '系统边界外的效益与负荷',
  reason: '仅由声明了 D 模块的 EPD 因子计算（用量 × EPD 的 D 值），EN 15978 要求单独报告，不计入合计',
} as const;

/** What a line no stage calculated shows. */
export const NOT_CALCULATED = '未计算';
