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
