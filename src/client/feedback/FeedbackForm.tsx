// The feedback form: 反馈类型 (dict feedbackType), 反馈内容 (required, ≤ 2000), 联系方式, 截图 → POST sysFeedback/.
// Checked with the resource schema first (the server's own messages, e.g. 请输入反馈内容); code-2 answers land
// under their fields. On success 提交成功, the form empties and `onSent` runs (the list below reloads).
import { useState, type FormEvent } from 'react';
import { Box, Button, CircularProgress, Grid, MenuItem, TextField } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import { useDataProvider, useNotify } from 'react-admin';
import { useFields } from '../account/useFields';
import { schemaFieldErrors } from '../admin/form/fieldErrors';
import { useFormSubmit } from '../admin/form/useFormSubmit';
import { enumChoices, useDict } from '../admin/useDicts';
import { clientResource } from '../registry';
import { ScreenshotPicker } from './ScreenshotPicker';

const EMPTY = { feedbackType: '', content: '', contact: '' };
const CONTENT_MAX = 2000;

export const FeedbackForm = ({ onSent }: { onSent: () => void }) => {
  const { schema } = clientResource('sysFeedback');
  const types = enumChoices(
    (schema.properties.feedbackType?.enum ?? []) as readonly unknown[],
    useDict('feedbackType'),
  );
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const { values, setValues, errors, setErrors, field } = useFields(EMPTY);
  const [screenshot, setScreenshot] = useState<string | null>(null);
  const { busy, submit: send } = useFormSubmit(setErrors);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body: Record<string, unknown> = { contact: values.contact.trim() || null, screenshot };
    if (values.feedbackType) body.feedbackType = values.feedbackType;
    if (values.content.trim()) body.content = values.content.trim();
    await send(schemaFieldErrors(schema, body), async () => {
      await dataProvider.create('sysFeedback', { data: body });
      notify('提交成功', { type: 'success' });
      setValues(EMPTY);
      setScreenshot(null);
      onSent();
    });
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="问题反馈">
      <Grid container columnSpacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField select label="反馈类型" required disabled={busy} {...field('feedbackType')}>
            {types.map((t) => (
              <MenuItem key={t.id} value={String(t.id)}>
                {t.name}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            label="联系方式"
            placeholder="手机号或邮箱（可选）"
            disabled={busy}
            inputProps={{ maxLength: 50 }}
            {...field('contact')}
          />
        </Grid>
        <Grid size={12}>
          <TextField
            label="反馈内容"
            required
            multiline
            minRows={4}
            disabled={busy}
            inputProps={{ maxLength: CONTENT_MAX }}
            {...field('content')}
            helperText={errors.content ?? `${values.content.length}/${CONTENT_MAX}`}
          />
        </Grid>
        <Grid size={12}>
          <ScreenshotPicker value={screenshot} onChange={setScreenshot} disabled={busy} />
        </Grid>
      </Grid>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
        <Button
          type="submit"
          variant="contained"
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <SendIcon />}
        >
          提交
        </Button>
      </Box>
    </form>
  );
};
