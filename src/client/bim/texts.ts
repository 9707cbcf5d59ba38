// The Chinese texts of the BIM page (folder: BimPage.tsx; its route: buildings/buildingPages.ts).
import { BUILDING_MSG } from '../buildings/messages';

export const BIM_MSG = {
  title: 'BIM模型导入',
  estimate: BUILDING_MSG.bimEstimate,
  pickBuilding: '请选择要导入 BIM 模型的单体建筑（概预算、核算模块）',
  parsing: '正在解析模型… ',
  importing: '正在导入… ',
  noMapping: '请至少确认一种材料的对应因子',
  replaceConfirm: '将删除此前由 BIM 模型导入的建材生产（及建材运输）数据，再按本次映射重新导入，确定继续吗？',
} as const;
