// Rows a building keeps under a stage's other 计算方式: they are not counted. Said above the table
// with their number and a way to remove them — one clear per method on the server, whatever page is shown.
import { Alert, Button } from '@mui/material';
import { useNotify } from 'react-admin';
import { MSG } from '../constants';
import { errorMessage, useConfirmedAction } from '../admin/useConfirmedAction';
import { METHOD_FIELD, type StageDef } from './stageDefs';
import { clearStageRows } from './stageApi';
import { useOtherMethodRows } from './stageQueries';

export const OtherMethodRows = ({
  def,
  projectId,
  method,
  onDone,
}: {
  def: StageDef;
  projectId: number;
  method: string;
  onDone: () => Promise<void>;
}) => {
  const notify = useNotify();
  const counts = useOtherMethodRows(def, projectId, method).data ?? [];
  const n = counts.reduce((sum, [, count]) => sum + count, 0);
  const label = def.meta.methods?.find((m) => m.value === method)?.label ?? method;
  const remove = useConfirmedAction('删除确认', `确定要删除按其他计算方式录入的 ${n} 条数据吗？`, async () => {
    try {
      for (const [other] of counts) await clearStageRows(def.path, projectId, { [METHOD_FIELD]: other });
      notify(MSG.deleted, { type: 'success' });
      await onDone();
    } catch (err) {
      notify(errorMessage(err), { type: 'error' });
    }
  });
  if (!n) return null;
  return (
    <Alert
      severity="warning"
      sx={{ mb: 1 }}
      data-testid="other-method-rows"
      action={
        <Button color="inherit" size="small" onClick={remove.ask} disabled={remove.busy}>
          删除这些行
        </Button>
      }
    >
      另有 {n} 行按其他计算方式录入，本单体该阶段采用「{label}」，这些行未计入计算。
      {remove.dialog}
    </Alert>
  );
};
