// Which statements write: the PGlite dialect refuses them below the disk reserve, and the write detector of
// db/writeDetector.ts reports them from routes declared `writes: false`.

const WRITE_NODES = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'MergeQueryNode']);
const WRITE_SQL = /^\s*(insert|update|delete|merge|create|drop|alter|truncate|copy|vacuum|reindex|cluster|refresh)\b/i;

/** Whether a statement writes: a kysely insert/update/delete/merge, or raw SQL that starts like one or like DDL. */
export function isWriteStatement(kind: string, sqlText?: string): boolean {
  return WRITE_NODES.has(kind) || (sqlText !== undefined && WRITE_SQL.test(sqlText));
}
