// The verification mark every factor and lookup row carries (V verified, V2 two sources, M recalled, D derived,
// U unknown): shown to users; an M or U value is never presented as official.
export const verification = {
  type: 'string',
  title: '核实标记',
  enum: ['V', 'V2', 'M', 'D', 'U'],
  'x-dict': 'verification',
  'x-list': true,
  'x-filter': 'eq',
  'x-import': '核实标记',
} as const;

/** The marks' labels (dictionary verification). */
export const VERIFICATION_LABELS = {
  V: '已核实',
  V2: '双来源核实',
  M: '回忆值（待核实）',
  D: '推导值',
  U: '未知',
} as const;
