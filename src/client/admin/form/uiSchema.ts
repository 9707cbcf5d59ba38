// rjsf uiSchema from the schema's `x-` hints: textarea/password widgets, read-only fields, dictionary labels
// for enums, checkboxes for multi-select arrays, Chinese button texts.
import type { UiSchema } from '@rjsf/utils';
import type { PropertySchema, ResourceSchema } from '../../../../schemas/index';
import type { DictMaps } from '../useDicts';

const labels = (values: readonly unknown[], dict: Record<string, string> | undefined) =>
  values.map((v) => dict?.[String(v)] ?? String(v));

function fieldUi(p: PropertySchema, dicts: DictMaps): UiSchema {
  const ui: UiSchema = {};
  const widget = p['x-widget'];
  if (p['x-secret'] || widget === 'password') ui['ui:widget'] = 'password';
  else if (widget === 'textarea') ui['ui:widget'] = 'textarea';
  if (p['x-readonly']) ui['ui:readonly'] = true;
  // server bookkeeping that is not even a list column (a search label, version links): not a form field
  if (p['x-readonly'] && p['x-list'] === false) ui['ui:widget'] = 'hidden';
  const dict = p['x-dict'] ? dicts[p['x-dict']] : p['x-enumLabels'];
  if (p.enum) ui['ui:enumNames'] = labels(p.enum, dict);
  if (p.type === 'array' && p.items?.enum) {
    ui['ui:widget'] = 'checkboxes';
    ui['ui:enumNames'] = labels(p.items.enum, dict);
    ui['ui:options'] = { inline: true };
  }
  if (p.type === 'array' && p.items?.type === 'object') {
    ui.items = objectUi(p.items, dicts);
    ui['ui:options'] = { orderable: false };
  }
  return ui;
}

function objectUi(s: PropertySchema, dicts: DictMaps): UiSchema {
  const ui: UiSchema = {};
  for (const [name, p] of Object.entries(s.properties ?? {})) ui[name] = fieldUi(p, dicts);
  return ui;
}

export function dictCodesOf(schema: ResourceSchema): string[] {
  return Object.values(schema.properties)
    .map((p) => p['x-dict'])
    .filter((c): c is string => !!c);
}

export function uiSchemaFor(schema: ResourceSchema, dicts: DictMaps): UiSchema {
  return {
    ...objectUi(schema as unknown as PropertySchema, dicts),
    // the page already says 新增<name> / 编辑<name>
    'ui:title': '',
    'ui:submitButtonOptions': { norender: true },
  };
}
