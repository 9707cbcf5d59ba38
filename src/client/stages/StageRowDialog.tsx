// 新增 / 编辑 a row of a table-mode stage in a dialog: the rjsf form from the stage schema,
// 保存 and 保存并新增. A row is saved through POST <path>/batch (one row; with id: update), which saves and
// calculates in one transaction, so the table shows the row's emission and the stage total right away. The row
// gets the building and, for a stage with methods, the method chosen for the building. The factor pickers list
// the building's province first (its site, from the building detail); an operation row calculated system by
// system gets the lookup-table pickers of its part (LookupPicker.tsx).
import { useRef, useState } from 'react';
import {
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import type { ErrorSchema } from '@rjsf/utils';
import { useNotify } from 'react-admin';
import { toFormData, toPayload } from '../admin/form/formData';
import { MSG } from '../constants';
import { StageSchemaForm, type FormValues, type StageFormRef } from './StageSchemaForm';
import { hasMethods, METHOD_FIELD, PROJECT_FIELD, type StageDef } from './stageDefs';
import { saveStageRows, type BatchAnswer, type StageRow } from './stageApi';
import { saveFailure } from './serverErrors';
import { rowUnitProblems } from '../../calc/stage';
import { rowNeeds } from '../../calc/trace';
import { serverErrorsToErrorSchema } from '../admin/form/formErrors';
import { LookupPickers } from './LookupPicker';
import { useBuildingDetail } from './stageQueries';
import { useSiteProvince } from '../buildings/form/siteProvince';

export interface StageRowDialogProps {
  def: StageDef;
  projectId: number;
  /** The building's method for the stage (stages with methods). */
  method?: string;
  /** The row to edit; undefined: a new row. */
  record?: StageRow;
  onClose: () => void;
  onSaved: (answer: BatchAnswer) => void;
}

export default function StageRowDialog({
  def,
  projectId,
  method,
  record: initial,
  onClose,
  onSaved,
}: StageRowDialogProps) {
  const notify = useNotify();
  const form = useRef<StageFormRef>(null);
  const [record, setRecord] = useState<StageRow | undefined>(initial);
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  const building = useBuildingDetail(projectId).data;
  const province = useSiteProvince(building?.site as string | undefined);
  // the building and the method are the screen's: set in the form data (hidden fields) so the form validates
  const fixed = (row?: StageRow): FormValues => {
    const out: FormValues = { [PROJECT_FIELD]: projectId };
    if (hasMethods(def) && method) out[METHOD_FIELD] = row?.[METHOD_FIELD] ?? method;
    return out;
  };
  const [formData, setFormData] = useState<FormValues>(() => ({
    ...toFormData(def.schema, initial),
    ...fixed(initial),
  }));
  const [extraErrors, setExtraErrors] = useState<ErrorSchema | undefined>();
  const [saving, setSaving] = useState(false);
  // a new form after 保存并新增 gets a new rjsf instance (fresh defaults and no old errors)
  const [generation, setGeneration] = useState(0);

  const save = async (andNew: boolean) => {
    setExtraErrors(undefined);
    if (!form.current?.validateForm()) {
      notify(MSG.formInvalid, { type: 'error' });
      return;
    }
    const row: Record<string, unknown> = { ...toPayload(def.schema, formData), ...fixed(record) };
    if (record) row.id = record.id;
    // the server's save rules (x-needs, src/calc/trace.ts; units, src/calc/units.ts), mirrored: a mass, distance
    // or energy factor that cannot be known, or a unit that cannot be converted, is named under its field before
    // the round trip
    const rules = rowNeeds(def.schema, row);
    const needs = [...rules, ...rowUnitProblems(def.schema, row, rules)];
    if (needs.length) {
      setExtraErrors(serverErrorsToErrorSchema(Object.fromEntries(needs.map((n) => [n.field, n.message]))));
      notify(needs[0].message, { type: 'error' });
      return;
    }
    setSaving(true);
    try {
      const answer = await saveStageRows(def.path, [row]);
      notify(record ? MSG.updated : MSG.created, { type: 'success' });
      onSaved(answer);
      if (andNew) {
        setRecord(undefined);
        setFormData(fixed());
        setGeneration((g) => g + 1);
      } else onClose();
    } catch (err) {
      const { extraErrors: errors, message } = saveFailure(err);
      setExtraErrors(errors);
      notify(message, { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const titleId = `stage-row-dialog-${def.code}`;
  return (
    <Dialog
      open
      onClose={saving ? undefined : onClose}
      maxWidth="md"
      fullWidth
      fullScreen={phone}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>
        {record ? '编辑' : '新增'}
        {def.title}
      </DialogTitle>
      <DialogContent dividers>
        {/* above the form: the part is chosen in the form's first field, the pickers appear next to it */}
        <LookupPickers
          key={`lookups-${generation}`}
          def={def}
          formData={formData}
          onChange={setFormData}
          disabled={saving}
        />
        <StageSchemaForm
          key={generation}
          ref={form}
          def={def}
          formData={formData}
          onChange={setFormData}
          extraErrors={extraErrors}
          disabled={saving}
          province={province}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          取消
        </Button>
        <Button variant="outlined" onClick={() => void save(true)} disabled={saving}>
          保存并新增
        </Button>
        <Button
          variant="contained"
          onClick={() => void save(false)}
          disabled={saving}
          startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          保存
        </Button>
      </DialogActions>
    </Dialog>
  );
}
