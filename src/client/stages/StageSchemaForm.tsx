// The rjsf form of a stage row or record, from its schema — the pieces of the generic SchemaForm (same validator,
// Chinese messages, server errors under the fields, dictionary labels) with what a stage adds: the building and
// the method are set by the screen (hidden), the calculated emission is not an input, an x-factor property is a
// factor-library picker whose pick fills the factor value, unit and source (read-only while a factor is picked).
// Controlled: the owner keeps formData. Two columns; long texts take the whole width.
import { forwardRef, useMemo } from 'react';
import { Box } from '@mui/material';
import Form from '@rjsf/mui';
import type CoreForm from '@rjsf/core';
import type { ErrorSchema, ObjectFieldTemplateProps, RJSFSchema, UiSchema } from '@rjsf/utils';
import { makeTransformErrors } from '../admin/form/formErrors';
import { toRjsf } from '../admin/form/toRjsf';
import { dictCodesOf, uiSchemaFor } from '../admin/form/uiSchema';
import { validator } from '../admin/form/validator';
import { zhStringTranslator } from '../admin/form/translateString';
import { FORM_TEMPLATES, FORM_WIDGETS } from '../admin/form/widgets';
import { useDicts } from '../admin/useDicts';
import { FactorWidget, type StageFormContext } from './FactorWidget';
import {
  factorPicks,
  hasMethods,
  METHOD_FIELD,
  PROJECT_FIELD,
  rowNameField,
  unitFollowsFactor,
  type StageDef,
} from './stageDefs';
import { factorRowName, factorSource, fillFromFactor, normalizedFactor } from './factor';
import type { Factor } from './stageApi';
import { useLatest } from '../admin/useLatest';

export type FormValues = Record<string, unknown>;
export type StageFormRef = CoreForm<FormValues, RJSFSchema, StageFormContext>;

/** Texts longer than this take a whole row of the form. */
const WIDE_TEXT = 100;

const TwoColumns = ({ properties, schema }: ObjectFieldTemplateProps) => (
  <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, mt: 1 }}>
    {properties.map((p) =>
      p.hidden ? (
        p.content
      ) : (
        <Box
          key={p.name}
          sx={
            ((schema.properties?.[p.name] as { maxLength?: number } | undefined)?.maxLength ?? 0) > WIDE_TEXT
              ? { gridColumn: '1 / -1' }
              : undefined
          }
        >
          {p.content}
        </Box>
      ),
    )}
  </Box>
);

const isGiven = (v: unknown) => v !== undefined && v !== null && v !== '';

/**
 * formData after a factor pick — what the server will copy on save (factorCopy.ts), shown before saving: the
 * pick, the factor's value, unit and source, the keyword's `copy` fields always and its `fill` fields where the
 * row has none; the schema's first pick (the row's material or energy) also gives the row its name and its unit
 * when empty (never the unit of a quantity counted in machine shifts). A cleared pick keeps the values, editable.
 */
export function withFactor(def: StageDef, data: FormValues, field: string, factor: Factor | null): FormValues {
  const pick = factorPicks(def.schema).find((p) => p.field === field);
  if (!pick) return data;
  if (!factor) return { ...data, [field]: null };
  const has = (f: string) => f in def.schema.properties;
  const out: FormValues = { ...data, [field]: factor.id };
  const lib = factor as unknown as Record<string, unknown>;
  if (has(pick.value)) {
    const { value, unit } = normalizedFactor(factor);
    Object.assign(out, { [pick.value]: value, [pick.unit]: unit, [pick.source]: factorSource(factor) });
  }
  // the `copy` fields of a factor picked before came from it (read-only while it was picked): a new pick gives its own
  // or none, so coke's calorific value never stays on a row moved to another fuel
  const before = typeof data[field] === 'number' && data[field] !== factor.id;
  for (const [to, from] of Object.entries(pick.factor.copy ?? {}))
    if (has(to) && (isGiven(lib[from]) || before)) out[to] = isGiven(lib[from]) ? lib[from] : null;
  fillFromFactor(pick.factor.fill ?? {}, has, lib, out);
  if (pick.primary) {
    const nameField = rowNameField(def.schema);
    if (nameField && !isGiven(out[nameField])) out[nameField] = factorRowName(factor);
    // the quantity was entered in the row's unit: replacing it would change the amount (5 000 kg read as
    // 5 000 t), so a typed unit stays and the calculation converts it (or the dialog names both units)
    if (has('unit') && factor.unit && !isGiven(out.unit) && unitFollowsFactor(def, out[METHOD_FIELD]))
      out.unit = factor.unit;
  }
  return out;
}

/** The fields a picked factor decides (value, unit, source and the `copy` fields): read-only while it is picked. */
export function pickedFields(def: StageDef, data: FormValues): string[] {
  return (
    factorPicks(def.schema)
      .filter((p) => typeof data[p.field] === 'number')
      // a `copy` field the factor left empty (a fuel without its own calorific value) stays the user's to fill
      .flatMap((p) => [p.value, p.unit, p.source, ...Object.keys(p.factor.copy ?? {}).filter((f) => isGiven(data[f]))])
      .filter((f) => f in def.schema.properties)
  );
}

export function stageUiSchema(def: StageDef, dicts: ReturnType<typeof useDicts>, data: FormValues): UiSchema {
  const ui: UiSchema = uiSchemaFor(def.schema, dicts);
  const hide = (name: string) => {
    if (name in def.schema.properties) ui[name] = { ...(ui[name] as object), 'ui:widget': 'hidden' };
  };
  hide(PROJECT_FIELD);
  if (hasMethods(def)) hide(METHOD_FIELD);
  const prop = (name: string) => def.schema.properties[name];
  const partField = def.schema['x-stage']?.partField;
  const part = partField ? String(data[partField] ?? '') : '';
  for (const [name, p] of Object.entries(def.schema.properties)) {
    if (p['x-readonly']) hide(name);
    // x-parts: inputs of some parts only (elevator, lighting…): shown when the row is one of them
    else if (p['x-parts'] && !p['x-parts'].includes(part)) hide(name);
    // x-widget 'date' (a 'YYYY-MM-DD' text): our date widget, yyyy-MM-dd in every locale (admin/form/DateWidget)
    else if (p['x-widget'] === 'date') ui[name] = { ...(ui[name] as object), 'ui:widget': 'date' };
  }
  for (const pick of factorPicks(def.schema))
    ui[pick.field] = { 'ui:widget': FactorWidget, 'ui:options': { factor: pick.factor } };
  for (const f of pickedFields(def, data))
    if (!prop(f)?.['x-readonly']) ui[f] = { ...(ui[f] as object), 'ui:readonly': true };
  ui['ui:ObjectFieldTemplate'] = TwoColumns;
  return ui;
}

export interface StageSchemaFormProps {
  def: StageDef;
  formData: FormValues;
  onChange: (data: FormValues) => void;
  extraErrors?: ErrorSchema;
  disabled?: boolean;
  /** The building's province ('江苏省'): its own factors are listed first. */
  province?: string;
}

export const StageSchemaForm = forwardRef<StageFormRef, StageSchemaFormProps>(function StageSchemaForm(
  { def, formData, onChange, extraErrors, disabled, province },
  ref,
) {
  const dicts = useDicts(dictCodesOf(def.schema));
  const rjsfSchema = useMemo(() => toRjsf(def.schema), [def.schema]);
  const transformErrors = useMemo(() => makeTransformErrors(def.schema), [def.schema]);
  const uiSchema = stageUiSchema(def, dicts, formData);
  // rjsf keeps the registry (and formContext) while props are deep-equal, functions included: the pick handler
  // reads the latest form data and owner through a ref
  const latest = useLatest({ formData, onChange });
  const formContext = useMemo<StageFormContext>(
    () => ({
      province,
      onFactorPick: (field, factor) => latest.current.onChange(withFactor(def, latest.current.formData, field, factor)),
    }),
    [def, province, latest],
  );
  return (
    <Form
      ref={ref}
      schema={rjsfSchema}
      uiSchema={uiSchema}
      widgets={FORM_WIDGETS}
      templates={FORM_TEMPLATES}
      validator={validator}
      formData={formData}
      formContext={formContext}
      onChange={(e) => onChange(e.formData ?? {})}
      transformErrors={transformErrors}
      // the owner says 表单校验失败, 请检查输入! (without onError rjsf logs the errors to the console)
      onError={() => undefined}
      extraErrors={extraErrors}
      showErrorList={false}
      noHtml5Validate
      translateString={zhStringTranslator}
      disabled={disabled}
    >
      {/* the owner's buttons save; rjsf's own submit button is hidden by the uiSchema */}
      <></>
    </Form>
  );
});
