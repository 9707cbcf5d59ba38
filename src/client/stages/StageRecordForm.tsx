// A form-mode stage (x-stage.mode 'form', e.g. 核算信息补充): one record per building — GET with projectId (the
// first of dataList), saved with PUT when it has an id, else POST. 下一步 saves a
// changed form first (the wizard calls `save` through the handle).
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { Alert, Box, Button, CircularProgress, Stack } from '@mui/material';
import SaveIcon from '@mui/icons-material/Save';
import type { ErrorSchema } from '@rjsf/utils';
import { useQueryClient } from '@tanstack/react-query';
import { Loading, useNotify } from 'react-admin';
import { toFormData, toPayload } from '../admin/form/formData';
import { errorMessage } from '../admin/useConfirmedAction';
import { MSG } from '../constants';
import { StageSchemaForm, type FormValues, type StageFormRef } from './StageSchemaForm';
import { PROJECT_FIELD, type StageDef } from './stageDefs';
import { saveStageRecord, type StageRow } from './stageApi';
import { useFrozen, stageKeys, useStageRecord } from './stageQueries';
import { saveFailure } from './serverErrors';

export interface StageFormHandle {
  /** Saves when the form was changed; false when it is invalid or the save failed (the user stays). */
  saveIfChanged: () => Promise<boolean>;
}

const StageRecordForm = forwardRef<StageFormHandle, { def: StageDef; projectId: number }>(function StageRecordForm(
  { def, projectId },
  ref,
) {
  const rows = useStageRecord(def, projectId);
  if (rows.isPending) return <Loading loadingPrimary="正在加载, 请稍候..." loadingSecondary="" />;
  if (rows.error) return <Alert severity="error">{errorMessage(rows.error)}</Alert>;
  const record = rows.data?.[0];
  return <RecordForm key={record?.id ?? 'new'} ref={ref} def={def} projectId={projectId} record={record} />;
});

export default StageRecordForm;

const RecordForm = forwardRef<StageFormHandle, { def: StageDef; projectId: number; record?: StageRow }>(
  function RecordForm({ def, projectId, record }, ref) {
    const notify = useNotify();
    const client = useQueryClient();
    const form = useRef<StageFormRef>(null);
    const [formData, setFormData] = useState<FormValues>(() => ({
      ...toFormData(def.schema, record),
      [PROJECT_FIELD]: projectId,
    }));
    const [changed, setChanged] = useState(false);
    const [extraErrors, setExtraErrors] = useState<ErrorSchema | undefined>();
    const [saving, setSaving] = useState(false);
    const frozen = useFrozen(projectId);
    const current = useRef({ formData, changed });
    useEffect(() => {
      current.current = { formData, changed };
    }, [formData, changed]);

    const save = async (): Promise<boolean> => {
      setExtraErrors(undefined);
      if (!form.current?.validateForm()) {
        notify(MSG.formInvalid, { type: 'error' });
        return false;
      }
      const body: Record<string, unknown> = {
        ...toPayload(def.schema, current.current.formData),
        [PROJECT_FIELD]: projectId,
      };
      if (record) body.id = record.id;
      setSaving(true);
      try {
        const saved = await saveStageRecord(def.path, body);
        notify(MSG.saved, { type: 'success' });
        setChanged(false);
        current.current.changed = false;
        client.setQueryData(stageKeys.record(def, projectId), [
          saved && typeof saved === 'object' ? { ...body, ...saved } : body,
        ]);
        // the saved record is not calculated yet: the building's result now says 结果已过期 until 计算
        void client.invalidateQueries({ queryKey: stageKeys.building(projectId) });
        return true;
      } catch (err) {
        const { extraErrors: errors, message } = saveFailure(err);
        setExtraErrors(errors);
        notify(message, { type: 'error' });
        return false;
      } finally {
        setSaving(false);
      }
    };

    useImperativeHandle(ref, () => ({
      saveIfChanged: () => (current.current.changed ? save() : Promise.resolve(true)),
    }));

    return (
      <Box data-testid="stage-form" sx={{ maxWidth: 960 }}>
        <StageSchemaForm
          ref={form}
          def={def}
          formData={formData}
          onChange={(d) => {
            setFormData(d);
            setChanged(true);
          }}
          extraErrors={extraErrors}
          disabled={saving || frozen}
        />
        {!frozen && (
          <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
            <Button
              variant="contained"
              startIcon={saving ? <CircularProgress size={16} color="inherit" /> : <SaveIcon />}
              onClick={() => void save()}
              disabled={saving}
            >
              保存
            </Button>
          </Stack>
        )}
      </Box>
    );
  },
);
