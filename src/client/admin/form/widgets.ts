// The app's own rjsf widgets, given to every rjsf form (the generic SchemaForm and the stage forms): a date field
// in yyyy-MM-dd whatever the browser's locale (rjsf picks DateWidget for format 'date' and 'ui:widget': 'date'),
// and a select with no blank option when the choice is required (SelectWidget, every enum); and their templates: a
// field's description as a paragraph, not a heading.
import type { RegistryWidgetsType, TemplatesType } from '@rjsf/utils';
import { DescriptionField } from './DescriptionField';
import { DateWidget } from './DateWidget';
import { SelectWidget } from './SelectWidget';

export const FORM_WIDGETS: RegistryWidgetsType = { DateWidget, SelectWidget };

export const FORM_TEMPLATES: Partial<TemplatesType> = { DescriptionFieldTemplate: DescriptionField };
