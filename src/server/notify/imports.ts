// An import that finished or failed is noted in the importer's inbox, naming the building and the stage — the
// record that stays when the dialog is gone (and, once imports run as jobs, the only answer the user gets).
import { onImportEnd } from '../resources/importEvents';
import { resourceDef } from '../db/registry';
import { notifyUsers } from './send';

onImportEnd(async ({ db, caller, def, projectId, fileName, count, error }) => {
  const building = projectId
    ? await db
        .selectFrom(resourceDef('tpf3Project').table)
        .select(['name', 'compute_method'])
        .where('id', '=', projectId)
        .executeTakeFirst()
    : undefined;
  const where = `${building ? `单体「${building.name}」的` : ''}${def.meta.title}`;
  const file = fileName ? `「${fileName}」` : '';
  await notifyUsers(
    db,
    [caller.userId],
    error === undefined
      ? {
          kind: 'import',
          title: `导入完成：${def.meta.title} ${count} 条`,
          content: `文件${file}已导入${where}，共 ${count} 条数据。`,
          link: building ? `/${building.compute_method}/project/list` : null,
        }
      : {
          kind: 'import',
          title: `导入失败：${def.meta.title}`,
          content: `文件${file}未能导入${where}，没有保存任何数据。原因：${error}`,
          link: null,
        },
    caller.userId,
  );
});
