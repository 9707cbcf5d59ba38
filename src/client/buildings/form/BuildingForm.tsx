// /{module}/project/info — the building info form: create, or edit the building of ?id=
// (else the module's current building). Project, sync from another building, standard / stage / stage menus,
// the building's information (accounting: how operation is broken down, runtimeType), collaborators; 保存,
// 保存并继续 (to the first wizard stage) and 取消.
import { PageHeading } from '../../admin/PageHeading';
import {
  Backdrop,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import SyncIcon from '@mui/icons-material/Sync';
import { Loading } from 'react-admin';
import { useDict } from '../../admin/useDicts';
import { LOADING_TEXT } from '../../admin/lazyPage';
import { useSearchParams } from 'react-router-dom';
import { tpf3Project } from '../../../../schemas/domain/tpf3Project';
import type { ModuleCode } from '../../../../schemas/standards';
import { getCurrentBuilding } from '../../session/currentBuilding';
import { BuildTypePicker } from './BuildTypePicker';
import { CollaboratorSelect } from './CollaboratorSelect';
import { EngineeringSelect } from './EngineeringSelect';
import { FreeTextInput } from './FreeTextInput';
import { MenuCheckboxes } from './MenuCheckboxes';
import { NUMBER_FIELDS, SIGNER_FIELDS, type FormValues } from './model';
import { SignerSelect } from './SignerSelect';
import { ReviewNotice } from '../ReviewNotice';
import { numericText } from '../../admin/form/numericText';
import { CityPicker } from '../../map/CityPicker';
import { GridFactorSelect } from './GridFactorSelect';
import { RuntimeTypeSelect } from './RuntimeTypeSelect';
import { useCities } from '../../map/useCities';
import { StandardStagePicker } from './StandardStagePicker';
import { SYNC_TITLE, SyncDialog } from './SyncDialog';
import { useBuildingForm } from './useBuildingForm';

const P = tpf3Project.properties;
const REQUIRED = new Set<string>(tpf3Project.required);
const USE_DATE_LIMITS = ['5', '25', '50', '100'];
export const SAVING_TEXT = '正在保存, 请稍候...';

/**
 * The building to edit: ?id=; a create link (?engineeringId=… from a project, or ?create) starts a new one;
 * otherwise the current building of this module, if any.
 */
export function resolveBuildingId(module: string, params: URLSearchParams): number | undefined {
  const fromUrl = Number(params.get('id'));
  if (fromUrl > 0) return fromUrl;
  if (params.has('engineeringId') || params.has('create')) return undefined;
  const current = getCurrentBuilding();
  return current && current.computeMethod === module ? current.id : undefined;
}

export default function BuildingForm({ module = 'estimate' }: { module?: ModuleCode }) {
  const [params] = useSearchParams();
  const id = resolveBuildingId(module, params);
  return <BuildingFormBody key={`${module}:${id ?? 'new'}`} module={module} id={id} />;
}

type TextKey = 'name' | 'code' | 'latLng' | 'buildOrg' | 'designOrg' | 'compileOrg' | 'remarks';
type NumberKey = keyof typeof NUMBER_FIELDS;

function BuildingFormBody({ module, id }: { module: ModuleCode; id: number | undefined }) {
  const f = useBuildingForm(module, id);
  const structureTypes = Object.values(useDict('structureType'));
  const { cities, loading: citiesLoading } = useCities();
  const { values, errors, patch, saving } = f;
  // under review or signed: shown, not saved (ReviewNotice says why)
  const frozen = !!f.record?.reviewState && f.record.reviewState !== 'draft';

  if (f.loading) return <Loading loadingPrimary={LOADING_TEXT} loadingSecondary="" />;

  const text = (k: TextKey, props: { multiline?: boolean } = {}) => (
    <TextField
      label={P[k].title}
      value={values[k]}
      onChange={(e) => patch({ [k]: e.target.value } as Partial<FormValues>)}
      required={REQUIRED.has(k)}
      error={!!errors[k]}
      helperText={errors[k]}
      disabled={saving}
      {...(props.multiline ? { multiline: true, minRows: 2, sx: { gridColumn: '1 / -1' } } : {})}
    />
  );
  const number = (k: NumberKey) => (
    <TextField
      label={P[k].title}
      value={values[k]}
      onChange={(e) => patch({ [k]: numericText(e.target.value, NUMBER_FIELDS[k]) } as Partial<FormValues>)}
      required={REQUIRED.has(k)}
      error={!!errors[k]}
      helperText={errors[k]}
      disabled={saving}
      slotProps={{
        htmlInput: {
          maxLength: NUMBER_FIELDS[k].maxLength,
          inputMode: NUMBER_FIELDS[k].integer ? 'numeric' : 'decimal',
        },
      }}
    />
  );

  return (
    <Card sx={{ mt: 1 }}>
      <CardContent>
        <Stack spacing={3}>
          <PageHeading title={module === 'accounting' ? '建筑概况' : '项目信息'} />
          <ReviewNotice building={f.record} />
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems={{ md: 'flex-start' }}>
            <Box sx={{ flex: 1, maxWidth: { md: 480 } }}>
              <EngineeringSelect
                label={P.engineeringId.title}
                value={f.engineering}
                onChange={f.setEngineering}
                error={errors.engineeringId}
                disabled={saving}
              />
            </Box>
            <Button
              variant="outlined"
              startIcon={<SyncIcon />}
              onClick={() => f.setSyncOpen(true)}
              disabled={saving}
              sx={{ mt: { md: 1 } }}
            >
              {SYNC_TITLE}
            </Button>
          </Stack>
          <StandardStagePicker
            module={module}
            standard={values.standard}
            stage={values.stage}
            onStandardChange={f.setStandard}
            onStageChange={f.setStage}
            errors={errors}
            disabled={saving}
          />
          <MenuCheckboxes
            module={module}
            standard={values.standard}
            stage={values.stage}
            value={values.menus}
            onChange={(menus) => patch({ menus })}
            error={errors.menus}
            disabled={saving}
          />
          {module === 'accounting' && (
            <RuntimeTypeSelect
              value={values.runtimeType}
              onChange={(runtimeType) => patch({ runtimeType })}
              error={errors.runtimeType}
              disabled={saving}
            />
          )}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', lg: '1fr 1fr 1fr' } }}>
            {text('name')}
            {text('code')}
            <CityPicker
              label={P.site.title}
              value={values.site}
              onChange={f.setSite}
              cities={cities}
              loading={citiesLoading}
              required
              size="medium"
              error={!!errors.site}
              helperText={errors.site}
              disabled={saving}
            />
            <BuildTypePicker
              label={P.buildType.title}
              value={values.buildType}
              onChange={(buildType) => patch({ buildType })}
              error={errors.buildType}
              disabled={saving}
            />
            <FreeTextInput
              label={P.structureType.title}
              value={values.structureType}
              options={structureTypes}
              onChange={(structureType) => patch({ structureType })}
              required
              error={errors.structureType}
              disabled={saving}
            />
            <FreeTextInput
              label={P.useDateLimit.title}
              value={values.useDateLimit}
              options={USE_DATE_LIMITS}
              onChange={(useDateLimit) => patch({ useDateLimit })}
              normalize={(s) => numericText(s, NUMBER_FIELDS.useDateLimit)}
              maxLength={NUMBER_FIELDS.useDateLimit.maxLength}
              required
              error={errors.useDateLimit}
              disabled={saving}
            />
            {number('buildArea')}
            {number('height')}
            {number('floorUp')}
            {number('floorDown')}
            {number('greenArea')}
            {number('buildYear')}
            {text('latLng')}
            <GridFactorSelect
              label={P.gridFactorId.title}
              value={values.gridFactorId}
              onChange={(gridFactorId) => patch({ gridFactorId })}
              error={errors.gridFactorId}
              disabled={saving}
              site={values.site}
            />
            {text('buildOrg')}
            {text('designOrg')}
            {text('compileOrg')}
            <Box sx={{ gridColumn: { lg: 'span 2' } }}>
              <CollaboratorSelect
                label={P.userId.title}
                value={values.userId}
                onChange={(userId) => patch({ userId })}
                creatorId={f.creatorId}
                creatorName={f.creatorName}
                enabled={f.canEditCollaborators && !saving}
                error={errors.userId}
              />
            </Box>
            {SIGNER_FIELDS.map((k) => (
              <SignerSelect
                key={k}
                label={P[k].title}
                value={values[k]}
                onChange={(v) => patch({ [k]: v } as Partial<FormValues>)}
                disabled={saving}
                error={errors[k]}
              />
            ))}
            {text('remarks', { multiline: true })}
          </Box>
          <Stack direction="row" spacing={2}>
            <Button variant="contained" onClick={() => void f.save(false)} disabled={saving || frozen}>
              保存
            </Button>
            <Button variant="contained" color="secondary" onClick={() => void f.save(true)} disabled={saving || frozen}>
              保存并继续
            </Button>
            <Button variant="outlined" onClick={f.cancel} disabled={saving}>
              取消
            </Button>
          </Stack>
        </Stack>
      </CardContent>
      <SyncDialog open={f.syncOpen} onClose={() => f.setSyncOpen(false)} onPick={f.sync} excludeId={id} />
      <Backdrop
        open={saving}
        sx={{ zIndex: (t) => t.zIndex.modal + 1, color: '#fff', flexDirection: 'column', gap: 2 }}
      >
        <CircularProgress color="inherit" />
        <Typography>{SAVING_TEXT}</Typography>
      </Backdrop>
    </Card>
  );
}
