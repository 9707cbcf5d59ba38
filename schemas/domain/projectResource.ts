// Who reads and writes buildings, when they are frozen and what of them is audited: the x-resource of the building
// schema (tpf3Project.ts).
export const projectResource = {
  path: 'tpf/v1/tpf/tpf3Project',
  title: '单体建筑列表',
  scope: 'tenant',
  read: ['user'],
  write: ['user'],
  // Plain users see and change the buildings they created or collaborate on (and read those they sign);
  // group admins all of the tenant.
  owner: { rows: 'all', collaborators: 'userId', readers: ['checkerId', 'reviewerId', 'approverId'] },
  defaultSort: { field: 'createDate', order: 'descend' },
  // under review and once signed, nothing of the building changes: a change needs a new revision
  lock: {
    column: 'reviewState',
    open: 'draft',
    message: '单体「{name}」修订版 {revision} 处于「{reviewState}」状态，已锁定，不能修改',
  },
  // every change of the building, its rows and its variants: who, when, before → after
  audit: {
    also: ['status', 'stageMethods', 'reviewState', 'reportNo'],
    // what names, files or signs the building: a change of these leaves its calculated result current
    notInputs: [
      'engineeringId',
      'name',
      'code',
      'status',
      'stage',
      'latLng',
      'buildOrg',
      'designOrg',
      'compileOrg',
      'userId',
      'remarks',
      'checkerId',
      'reviewerId',
      'approverId',
      'reviewState',
      'reportNo',
    ],
  },
} as const;
