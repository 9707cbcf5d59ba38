// The create/edit form of a generic page: rjsf (@rjsf/mui) driven by the resource schema, validated with the
// shared ajv configuration, saved through react-admin's save context (CreateBase / EditBase). Server code-2
// errors come back from save() and are shown under their fields (extraErrors). Lazy-loaded: the login page
// and the lists never download rjsf or ajv.
import { useMemo, useState } from 'react';
import { Box, Button, CircularProgress, Stack } from '@mui/material';
import SaveIcon from '@mui/icons-material/Save';
import Form from '@rjsf/mui';
import type { ErrorSchema, RJSFSchema } from '@rjsf/utils';
import type { IChangeEvent } from '@rjsf/core';
import { useNotify, useRecordContext, useSaveContext } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { clientResource } from '../../registry';
import { useDicts } from '../useDicts';
import { formSchema } from './toRjsf';
import { validator } from './validator';
import { firstServerError, makeTransformErrors, serverErrorsToErrorSchema } from './formErrors';
import { toFormData, toPayload } from './formData';
import { dictCodesOf, uiSchemaFor } from './uiSchema';
import { zhStringTranslator } from './translateString';
import { FORM_TEMPLATES, FORM_WIDGETS } from './widgets';

type Data = Record<string, unknown>;

export interface SchemaFormProps {
  resource: string;
}

const SchemaForm = ({ resource }: SchemaFormProps) => {
  const { schema, route } = clientResource(resource);
  const record = useRecordContext();
  const { save, saving } = useSaveContext();
  const notify = useNotify();
  const navigate = useNavigate();
  const dicts = useDicts(dictCodesOf(schema));
  const rjsfSchema = useMemo(() => formSchema(schema), [schema]);
  const uiSchema = useMemo(() => uiSchemaFor(schema, dicts), [schema, dicts]);
  const transformErrors = useMemo(() => makeTransformErrors(schema), [schema]);
  const [formData, setFormData] = useState<Data>(() => toFormData(schema, record));
  const [extraErrors, setExtraErrors] = useState<ErrorSchema | undefined>();

  const onSubmit = async ({ formData: data }: IChangeEvent<Data, RJSFSchema>) => {
    if (!save) return;
    setExtraErrors(undefined);
    const errors = (await save(toPayload(schema, data ?? {}))) as Data | undefined | void;
    if (errors && typeof errors === 'object') {
      setExtraErrors(serverErrorsToErrorSchema(errors));
      const first = firstServerError(errors);
      if (first) notify(first, { type: 'error' });
    }
  };

  return (
    <Form
      schema={rjsfSchema}
      uiSchema={uiSchema}
      widgets={FORM_WIDGETS}
      templates={FORM_TEMPLATES}
      validator={validator}
      formData={formData}
      onChange={(e) => setFormData(e.formData ?? {})}
      onSubmit={onSubmit}
      onError={() => notify('表单校验失败, 请检查输入!', { type: 'error' })}
      transformErrors={transformErrors}
      extraErrors={extraErrors}
      showErrorList={false}
      noHtml5Validate
      translateString={zhStringTranslator}
      disabled={saving}
    >
      <Stack direction="row" spacing={2} sx={{ mt: 3 }}>
        <Button
          type="submit"
          variant="contained"
          startIcon={saving ? <CircularProgress size={18} color="inherit" /> : <SaveIcon />}
          disabled={saving}
        >
          保存
        </Button>
        <Button variant="outlined" onClick={() => navigate(route!)} disabled={saving}>
          取消
        </Button>
        <Box sx={{ flex: 1 }} />
      </Stack>
    </Form>
  );
};

export default SchemaForm;
