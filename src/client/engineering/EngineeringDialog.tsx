// 新增项目 / 编辑项目: name, code, organisations, area, city, address with the map picker.
// Validated on 确定 with the resource schema (engineeringForm.ts): messages under the fields and the toast
// 表单校验失败, 请检查输入!. Server code-2 errors land under their fields the same way. Success: 新增成功! /
// 修改成功!, the dialog closes and the list refreshes.
import { useState } from 'react';
import {
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Grid,
  IconButton,
  TextField,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useDataProvider, useNotify, useRefresh, type RaRecord } from 'react-admin';
import { MSG } from '../constants';
import { errorMessage } from '../admin/useConfirmedAction';
import { firstServerError } from '../admin/form/formErrors';
import { LocationPicker, type LocationValue } from '../map/LocationPicker';
import { useCities } from '../map/useCities';
import { CityPicker } from '../map/CityPicker';
import { serverFieldErrors } from '../admin/form/serverFieldErrors';
import {
  emptyValues,
  numericInput,
  toBody,
  toValues,
  trimValues,
  validateBody,
  type EngineeringValues,
  type FieldErrors,
} from './engineeringForm';

export const RESOURCE = 'tpf3Engineering';

export interface EngineeringDialogProps {
  open: boolean;
  /** The record to edit; none to create. */
  record?: RaRecord;
  onClose: () => void;
  /** Called after a successful save (the list refreshes itself as well). */
  onSaved?: (record: RaRecord) => void;
}

export function EngineeringDialog({ open, record, onClose, onSaved }: EngineeringDialogProps) {
  const [saving, setSaving] = useState(false);
  return (
    <Dialog
      open={open}
      onClose={saving ? undefined : onClose}
      maxWidth="md"
      fullWidth
      aria-labelledby="engineering-dialog-title"
      scroll="body"
    >
      {/* the dialog unmounts its content when closed: each opening starts a fresh form */}
      <EngineeringForm record={record} onClose={onClose} onSaved={onSaved} saving={saving} setSaving={setSaving} />
    </Dialog>
  );
}

interface EngineeringFormProps extends Omit<EngineeringDialogProps, 'open'> {
  saving: boolean;
  setSaving: (saving: boolean) => void;
}

function EngineeringForm({ record, onClose, onSaved, saving, setSaving }: EngineeringFormProps) {
  const editing = !!record;
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const { tree, cities, loading: citiesLoading } = useCities();
  const [values, setValues] = useState<EngineeringValues>(() => (record ? toValues(record) : emptyValues()));
  const [errors, setErrors] = useState<FieldErrors>({});

  const change = (patch: Partial<EngineeringValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch)) delete next[k];
      return next;
    });
  };

  const submit = async () => {
    const trimmed = trimValues(values);
    setValues(trimmed);
    const body = toBody(trimmed);
    const invalid = validateBody(body);
    setErrors(invalid);
    if (Object.keys(invalid).length) {
      notify(MSG.formInvalid, { type: 'error' });
      return;
    }
    setSaving(true);
    try {
      const { data } = editing
        ? await dataProvider.update(RESOURCE, { id: record.id, data: { ...body, id: record.id }, previousData: record })
        : await dataProvider.create(RESOURCE, { data: body });
      notify(editing ? MSG.updated : MSG.created, { type: 'success' });
      onClose();
      refresh();
      onSaved?.(data);
    } catch (err) {
      const fields = serverFieldErrors(err);
      if (Object.keys(fields).length) {
        setErrors(fields);
        const errs = (err as { body?: { errors?: Record<string, unknown> } }).body?.errors ?? {};
        notify(firstServerError(errs) ?? MSG.formInvalid, { type: 'error' });
      } else {
        notify(errorMessage(err), { type: 'error' });
      }
    } finally {
      setSaving(false);
    }
  };

  const field = (name: 'name' | 'code' | 'buildOrg' | 'designOrg', label: string, required = false) => (
    <TextField
      label={label}
      required={required}
      value={values[name]}
      onChange={(e) => change({ [name]: e.target.value })}
      error={!!errors[name]}
      helperText={errors[name]}
      disabled={saving}
      size="small"
      fullWidth
      slotProps={{ htmlInput: { maxLength: 50 } }}
    />
  );

  const location: LocationValue = { remarks: values.remarks, site: values.site, latLng: values.latLng };

  return (
    <>
      <DialogTitle id="engineering-dialog-title" sx={{ pr: 6 }}>
        {editing ? '编辑项目' : '新增项目'}
        <IconButton
          aria-label="关闭"
          onClick={onClose}
          disabled={saving}
          sx={{ position: 'absolute', right: 8, top: 8 }}
        >
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        <Grid container columnSpacing={2} rowSpacing={0.5}>
          <Grid size={{ xs: 12, sm: 6 }}>{field('name', '项目名称', true)}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{field('code', '项目编码', true)}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{field('buildOrg', '建设单位')}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{field('designOrg', '设计单位')}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              label="总建筑面积(m²)"
              value={values.buildArea}
              onChange={(e) => change({ buildArea: numericInput(e.target.value) })}
              error={!!errors.buildArea}
              helperText={errors.buildArea}
              disabled={saving}
              size="small"
              fullWidth
              slotProps={{ htmlInput: { maxLength: 10, inputMode: 'decimal' } }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <CityPicker
              id="engineering-site"
              value={values.site}
              onChange={(site) => change({ site })}
              cities={cities}
              loading={citiesLoading}
              required
              error={!!errors.site}
              helperText={errors.site}
              disabled={saving}
            />
          </Grid>
          <Grid size={12}>
            <TextField
              label="项目位置"
              required
              value={values.remarks}
              onChange={(e) => change({ remarks: e.target.value })}
              error={!!errors.remarks}
              helperText={errors.remarks ?? '可输入地址，或在下方搜索地点、点击地图选择位置'}
              disabled={saving}
              size="small"
              fullWidth
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
          </Grid>
          <Grid size={12} sx={{ mt: 1 }}>
            <LocationPicker
              value={location}
              onChange={change}
              tree={tree}
              cities={cities}
              disabled={saving}
              latLngError={errors.latLng}
            />
          </Grid>
        </Grid>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          取消
        </Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={saving}
          startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          确定
        </Button>
      </DialogActions>
    </>
  );
}

export default EngineeringDialog;
