// The building form's state and actions: load (GET tpf3ProjectV/{id}) or start a new building, the standard /
// stage / menu rules, the engineering pick, sync from another building, validation with the shared schema and
// save (POST or PUT tpf3Project/), then keep the building for the session (setCurrentBuilding).
import { useCallback, useEffect, useRef, useState } from 'react';
import { useGetIdentity, useNotify } from 'react-admin';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { applyMenuRules, moduleDef, splitMenus, wizardStages, type ModuleCode } from '../../../../schemas/standards';
import { MSG } from '../../constants';
import { apiFetch, apiUrl } from '../../providers/httpClient';
import {
  getCurrentEngineering,
  setCurrentBuilding,
  setCurrentEngineering,
  type CurrentBuilding,
} from '../../session/currentBuilding';
import { emptyValues, fromRecord, SYNC_FIELDS, toPayload, type FormValues, type Rec } from './model';
import { useBuildingValidation, validateBuilding } from './useBuildingValidation';
import { serverFieldErrors } from '../../admin/form/serverFieldErrors';
import type { Engineering } from './EngineeringSelect';
import type { Place } from '../../map/geo';

const PROJECT = 'tpf/v1/tpf/tpf3Project/';
const PROJECT_V = 'tpf/v1/tpf/tpf3ProjectV';
export const DEFAULT_COMPILE_ORG = '默认集团';
/** The texts this screen shows. */
export const SAVED = '保存成功!';
export const NO_STAGES = '获取计算阶段出错，请刷新后重试！';

const messageOf = (err: unknown) => (err as { message?: string })?.message || MSG.serverError;

/** Only the module's own menus are checkboxes (accounting's supplement/voucher are added on save). */
function withRules(module: ModuleCode, v: FormValues): FormValues {
  const own = new Set(moduleDef(module)?.menus.map((m) => m.code));
  return {
    ...v,
    menus: applyMenuRules(
      module,
      v.standard,
      v.stage,
      v.menus.filter((c) => own.has(c)),
    ),
  };
}

export function useBuildingForm(module: ModuleCode, id: number | undefined) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const { data: identity } = useGetIdentity();
  const [values, setValues] = useState<FormValues>(() => emptyValues(module));
  const [record, setRecord] = useState<Rec | undefined>();
  const [engineering, setEngineeringObj] = useState<Engineering | null>(null);
  const [loading, setLoading] = useState(id !== undefined);
  const [saving, setSaving] = useState(false);
  const [syncOpen, setSyncOpen] = useState(false);
  const { errors, setErrors, clearError } = useBuildingValidation();

  const patch = useCallback(
    (p: Partial<FormValues>) => {
      setValues((v) => ({ ...v, ...p }));
      for (const k of Object.keys(p)) clearError(k);
    },
    [clearError],
  );

  // edit: load the building
  useEffect(() => {
    if (id === undefined) return;
    const controller = new AbortController();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the building is fetched for the id in the address
    setLoading(true);
    apiFetch<Rec>(apiUrl(`${PROJECT_V}/${id}`), { signal: controller.signal })
      .then((r) => {
        if (r.computeMethod && r.computeMethod !== module && moduleDef(String(r.computeMethod))) {
          // another module's building: edit it there, with that module's standards and menus
          navigate(`/${String(r.computeMethod)}/project/info?id=${id}`, { replace: true });
          return;
        }
        setRecord(r);
        setValues(withRules(module, fromRecord(r, emptyValues(module))));
        setEngineeringObj(
          r.engineeringId ? { id: Number(r.engineeringId), name: String(r.engineeringName ?? '') } : null,
        );
      })
      .catch((err) => {
        if (!controller.signal.aborted) notify(messageOf(err), { type: 'error' });
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [id, module, notify, navigate]);

  // create: the engineering project from ?engineeringId= or the current one, with its coordinates
  const preselected = useRef(false);
  useEffect(() => {
    if (id !== undefined || preselected.current) return;
    preselected.current = true;
    const current = getCurrentEngineering();
    const engId = Number(params.get('engineeringId')) || current?.id;
    if (!engId) return;
    const name = params.get('engineeringName') ?? (current?.id === engId ? current.name : '');
    // eslint-disable-next-line react-hooks/set-state-in-effect -- once, from the address or session
    setEngineeringObj({ id: engId, name });
    setValues((v) => ({ ...v, engineeringId: engId, engineeringName: name }));
    apiFetch<Engineering>(apiUrl(`tpf/v1/tpf/tpf3Engineering/${engId}`))
      .then((e) => {
        if (!e) return;
        setEngineeringObj(e);
        setValues((v) =>
          v.engineeringId !== engId ? v : { ...v, engineeringName: e.name, latLng: v.latLng || (e.latLng ?? '') },
        );
      })
      .catch(() => undefined);
  }, [id, params]);

  // create: 编制单位 defaults to the user's company, else 默认集团
  const defaulted = useRef(false);
  useEffect(() => {
    if (id !== undefined || defaulted.current || !identity) return;
    defaulted.current = true;
    const company = (identity as { companyName?: string | null }).companyName;
    setValues((v) => (v.compileOrg ? v : { ...v, compileOrg: company || DEFAULT_COMPILE_ORG }));
  }, [id, identity]);

  const setStandard = (standard: string) =>
    // a new standard: no stage chosen, its own menus and disabled items
    patch({ standard, stage: '', menus: applyMenuRules(module, standard, '', values.menus) });
  const setStage = (stage: string) =>
    patch({ stage, menus: applyMenuRules(module, values.standard, stage, values.menus) });
  const setEngineering = (e: Engineering | null) => {
    setEngineeringObj(e);
    patch({
      engineeringId: e?.id ?? null,
      engineeringName: e?.name ?? '',
      ...(!values.latLng && e?.latLng ? { latLng: e.latLng } : {}),
    });
  };
  const setSite = (site: string, city: Place | null) =>
    patch({ site, ...(!values.latLng && city ? { latLng: `${city.lng},${city.lat}` } : {}) });

  const sync = (r: Rec) => {
    const sameModule = r.computeMethod === module && moduleDef(module)?.standards.some((s) => s.code === r.standard);
    const fields = [...SYNC_FIELDS, ...(sameModule ? (['standard', 'stage', 'menus'] as const) : [])];
    setValues((v) => withRules(module, fromRecord(r, v, fields)));
    if (r.engineeringId) setEngineeringObj({ id: Number(r.engineeringId), name: String(r.engineeringName ?? '') });
    setErrors({});
    setSyncOpen(false);
  };

  const creatorId = record ? String(record.createBy ?? '') : identity ? String(identity.id) : undefined;
  const creatorName = record ? String(record.createByName ?? '') : identity?.fullName;
  const canEditCollaborators = !record || (!!identity && String(identity.id) === String(record.createBy));

  const save = async (andContinue: boolean) => {
    const previous = splitMenus(record?.menus as string | undefined);
    const body = toPayload(module, values, previous);
    const found = validateBuilding(body);
    setErrors(found);
    const failing = Object.keys(found);
    if (failing.length) {
      notify(failing.length === 1 && failing[0] === 'menus' ? '请至少选择一个计算阶段!' : MSG.formInvalid, {
        type: 'error',
      });
      return;
    }
    setSaving(true);
    try {
      const creating = !record;
      const sent = creating ? body : { ...body, id: record.id };
      const answer = await apiFetch<Rec>(apiUrl(PROJECT), {
        method: creating ? 'POST' : 'PUT',
        body: JSON.stringify(sent),
      });
      const saved: Rec = { ...(record ?? {}), ...sent, ...(answer ?? {}) };
      notify(creating ? MSG.created : SAVED, { type: 'success' });
      setCurrentBuilding(saved as unknown as CurrentBuilding & Rec);
      if (values.engineeringId) setCurrentEngineering({ id: values.engineeringId, name: values.engineeringName });
      if (andContinue) {
        const first = wizardStages(module, splitMenus(saved.menus as string))[0];
        if (!first) notify(NO_STAGES, { type: 'error' });
        else {
          if (creating) setParams({ id: String(saved.id) }, { replace: true });
          navigate(`/${module}/${first}`);
          return;
        }
      }
      if (creating) setParams({ id: String(saved.id) }, { replace: true });
      else {
        setRecord(saved);
        setValues((v) => withRules(module, fromRecord(saved, v, ['menus'])));
      }
    } catch (err) {
      const fieldErrors = serverFieldErrors(err);
      if (Object.keys(fieldErrors).length) setErrors(fieldErrors);
      notify(messageOf(err), { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const cancel = () => navigate(`/${module}/project/list`);

  return {
    values,
    patch,
    errors,
    record,
    engineering,
    loading,
    saving,
    syncOpen,
    setSyncOpen,
    setStandard,
    setStage,
    setEngineering,
    setSite,
    sync,
    save,
    cancel,
    creatorId,
    creatorName,
    canEditCollaborators,
  };
}
