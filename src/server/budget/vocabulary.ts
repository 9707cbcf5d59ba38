// The titles pricing tools give the columns of a material table, kept as data: each role with the spellings it is
// known by (compared after the title is tidied: spaces, a bracketed unit like (元) or (m3), a trailing colon and the
// separators 、 / ／ , ， · removed) and, for the words that come in many combinations, a pattern. Where they come
// from: GB 50500-2008's 规格、型号等特殊要求 and GB 50500-2013's 名称、规格、型号 (表-21/表-22); open-source readers of
// pricing-tool exports (名称及规格, 材料名称, 规格 / 型号 / 特殊要求 as separate columns, 工程量, 用量); the GCCP
// 人材机汇总表 as the tests write it (类别, 规格型号, 数量); the rest (台班数量, 消耗量合计, 技术规格, 材料规格 …) as
// cost engineers write them, not read in a vendor's documentation. A spelling added here is read everywhere.

export type Role = 'seq' | 'code' | 'category' | 'name' | 'spec' | 'nameSpec' | 'unit' | 'quantity';

/** How a refusal names each role. */
export const ROLE_TITLES: Record<Role, string> = {
  seq: '序号',
  code: '编码',
  category: '类别',
  name: '名称',
  spec: '规格型号',
  nameSpec: '名称、规格、型号',
  unit: '单位',
  quantity: '数量',
};

export interface Spelling {
  role: Role;
  /** when a sheet has two columns of one role, the higher rank is read (a total over a per-unit consumption) */
  rank: number;
  titles?: readonly string[];
  patterns?: readonly RegExp[];
}

export const SPELLINGS: readonly Spelling[] = [
  { role: 'seq', rank: 1, titles: ['序号', '行号', '序'] },
  {
    role: 'code',
    rank: 1,
    titles: [
      '编码',
      '编号',
      '代码',
      '项目编码',
      '材料编码',
      '材料编号',
      '材料代码',
      '人材机编码',
      '工料机编码',
      '工料机编号',
      '资源编码',
      '资源编号',
    ],
  },
  {
    role: 'category',
    rank: 1,
    titles: ['类别', '类型', '分类', '材料类别', '材料类型', '人材机类别', '资源类别', '资源类型', '工料机类别'],
  },
  {
    role: 'name',
    rank: 1,
    titles: [
      '名称',
      '材料名称',
      '项目名称',
      '人材机名称',
      '工料机名称',
      '资源名称',
      '设备名称',
      '主要材料名称',
      '机械名称',
      '机械设备名称',
      '材料设备名称',
      '物资名称',
      '品名',
    ],
  },
  // name and specification in one cell: 名称、规格、型号 (GB 50500-2013), 名称及规格, 主要材料名称、规格、型号
  { role: 'nameSpec', rank: 1, titles: ['名称及规格', '名称规格', '品名规格'], patterns: [/名称.*(规格|型号)/] },
  {
    role: 'spec',
    rank: 3,
    titles: [
      '规格型号',
      '型号规格',
      '规格及型号',
      '规格和型号',
      '规格型号等特殊要求',
      '规格型号及特殊要求',
      '规格型号及技术要求',
      '规格及特殊要求',
    ],
  },
  { role: 'spec', rank: 2, titles: ['规格', '型号', '技术规格', '材料规格', '规格型号参数', '型号参数', '规格参数'] },
  { role: 'spec', rank: 1, titles: ['特殊要求'] },
  { role: 'unit', rank: 1, titles: ['单位', '计量单位', '材料单位', '单位名称'] },
  // the total consumption over a plain 数量 over a bare 消耗量 (a per-unit consumption when beside a total)
  {
    role: 'quantity',
    rank: 3,
    titles: ['总消耗量', '总数量', '总用量', '合计数量', '数量合计', '消耗量合计', '用量合计', '总量'],
  },
  {
    role: 'quantity',
    rank: 2,
    titles: ['数量', '工程量', '用量', '台班数量', '台班用量', '材料数量', '材料用量', '需用量', '实际数量'],
  },
  { role: 'quantity', rank: 1, titles: ['消耗量', '台班消耗量'] },
];

/** Titles that are never one of our columns: prices, amounts, per-unit consumptions, indices, rates, remarks. */
export const NOT_OURS = /定额|单价|合价|金额|价格|价$|含量|系数|权重|指数|备注|税|费|比例|%/;

/** The words of a title that may hold a specification, read or not (an unread one keeps lines apart). */
export const MAYBE_SPEC = /规格|型号|特殊要求|技术要求|材质|品种|等级|牌号|标号|强度/;
