// The rjsf validator: the same ajv options and `x-` keywords as the server (schemas/validation.ts AJV_OPTIONS),
// Chinese messages from ajv-i18n. `useDefaults` is left out: rjsf computes defaults itself and ajv must not
// mutate the form state while validating.
import { customizeValidator } from '@rjsf/validator-ajv8';
import localizeZh from 'ajv-i18n/localize/zh';
import { AJV_OPTIONS } from '../../../../schemas/validation';

const { useDefaults: _ignored, ...options } = AJV_OPTIONS;
void _ignored;

export const RJSF_AJV_OPTIONS = options;

export const validator = customizeValidator({ ajvOptionsOverrides: options }, localizeZh);
