// A frozen report's last section, on a page of its own: its building's changes up to the signature
// (review/frozen.ts reads them from the audit trail).
import type { ReportContext } from '../context';
import type { ReportSection } from '../blocks';

export const APPENDIX_TITLE = '附录 变更记录';

export function appendixSection({ changes }: Pick<ReportContext, 'changes'>): ReportSection | null {
  if (!changes) return null;
  const { total, rows } = changes;
  return {
    title: APPENDIX_TITLE,
    pageBreak: 'before',
    blocks: [
      {
        kind: 'text',
        text: `本单体及其数据、方案与校审状态的每次变更（共 ${total} 条${total > rows.length ? `，列出最近 ${rows.length} 条` : ''}），按时间先后；批量导入或复制的多行记为一条。`,
        tone: 'note',
      },
      {
        kind: 'table',
        table: { header: ['时间', '人员', '对象', '操作', '变更内容'], rows, numeric: [] },
        widths: [62, 44, 80, 40, 243],
      },
    ],
  };
}
