// 建筑信息: the building's fields by their titles, numbers in the one format, dictionary values by their labels.
import { repo } from '../../db/repo';
import { schemaColumns } from '../../excel/workbook';
import type { ReportSection } from '../blocks';
import type { ReportContext } from '../context';
import { f2, labelled } from '../stageTable';

const INFO_FIELDS = [
  'engineeringName',
  'name',
  'code',
  'site',
  'buildType',
  'structureType',
  'buildArea',
  'useDateLimit',
  'buildYear',
  'height',
  'floorUp',
  'floorDown',
  'greenArea',
  'buildOrg',
  'designOrg',
  'compileOrg',
] as const;

export async function infoSection({ db, building: b }: ReportContext): Promise<ReportSection> {
  const cols = new Map(
    (await schemaColumns(db, repo(db, 'tpf3Project').schema, [...INFO_FIELDS])).map((c) => [c.key, c]),
  );
  const rows = INFO_FIELDS.map((k): [string, string] => {
    const col = cols.get(k);
    return [col?.title ?? k, col?.kind === 'number' ? f2(b[k]) : labelled(col, b[k])];
  });
  return { title: '建筑信息', blocks: [{ kind: 'pairs', rows, columns: 'text' }] };
}
