// The GB 55015-2021 strip: the building's operation intensity against the reference building's, the
// reduction with its 满足 / 未满足 / 待输入 chip and the server's sentence, and the input that saves (or clears) the
// reference figure through PUT decide/:id/reference; the server's field message shows under the input.
import { useState } from 'react';
import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../admin/useConfirmedAction';
import { putReference, type ReferenceAnswer } from './referenceApi';
import { GbChip, OPERATION_UNIT, referenceKey, valueText } from './referenceParts';
import { LIFECYCLE_NOTE } from '../../calc/intensity';

export const REF_INPUT_LABEL = `基准建筑运行碳排放强度(${OPERATION_UNIT})`;
export const GB_TITLE = 'GB 55015-2021 降碳核对';

/** The message of a refused save: the refOperation field's own when the server names it. */
function fieldMessage(err: unknown): string {
  const body = (err as { body?: { errors?: Record<string, unknown> } } | null)?.body;
  const own = body?.errors?.refOperation;
  return typeof own === 'string' && own ? own : errorMessage(err);
}

const Figure = ({ label, value, testId }: { label: string; value: string; testId: string }) => (
  <Box sx={{ minWidth: 0 }}>
    <Typography variant="body2" color="text.secondary">
      {label}
    </Typography>
    <Typography variant="subtitle1" component="p" data-testid={testId}>
      {value}
    </Typography>
  </Box>
);

export const ReferenceStrip = ({ projectId, data }: { projectId: number; data: ReferenceAnswer }) => {
  const gb = data.gb55015;
  const queryClient = useQueryClient();
  const [input, setInput] = useState(gb.refOperation == null ? '' : String(gb.refOperation));
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (value: number | null) => putReference(projectId, value),
    onSuccess: (answer) => {
      queryClient.setQueryData(referenceKey(projectId), answer);
      setInput(answer.gb55015.refOperation == null ? '' : String(answer.gb55015.refOperation));
      setError(null);
    },
    onError: (err) => setError(fieldMessage(err)),
  });
  const submit = () => {
    const text = input.trim();
    const value = Number(text);
    if (!text || !Number.isFinite(value)) {
      setError('请输入数字');
      return;
    }
    save.mutate(value);
  };

  return (
    <Box data-testid="gb55015">
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {GB_TITLE}
        </Typography>
        <GbChip pass={gb.pass} />
      </Stack>
      <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap', mb: 1 }}>
        <Figure
          label={`本单体运行碳排放强度（含碳汇）(${OPERATION_UNIT})`}
          value={valueText(gb.operation)}
          testId="gb55015-operation"
        />
        <Figure label={`基准建筑(${OPERATION_UNIT})`} value={valueText(gb.refOperation)} testId="gb55015-ref" />
        <Figure
          label={`降低(${OPERATION_UNIT})，要求不少于 ${valueText(gb.required)}`}
          value={valueText(gb.reduction)}
          testId="gb55015-reduction"
        />
      </Stack>
      <Typography variant="body2" sx={{ mb: 1, overflowWrap: 'anywhere' }} data-testid="gb55015-text">
        {gb.text}
      </Typography>
      {/* what the operation figure is (GB/T 51366 clause 4.1, sink included) and, in 核算, its area and years */}
      <Box sx={{ mb: 2 }} data-testid="gb55015-basis">
        {(data.building.notes ?? [])
          .filter((n) => n !== LIFECYCLE_NOTE)
          .map((n) => (
            <Typography
              key={n}
              variant="caption"
              component="p"
              color="text.secondary"
              sx={{ overflowWrap: 'anywhere' }}
            >
              {n}
            </Typography>
          ))}
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          size="small"
          type="number"
          label={REF_INPUT_LABEL}
          value={input}
          onChange={(e) => {
            setInput(e.target.value);
            setError(null);
          }}
          onKeyDown={(e) => e.key === 'Enter' && submit()}
          error={!!error}
          helperText={error ?? ' '}
          slotProps={{ htmlInput: { step: 'any', 'data-testid': 'ref-operation-input' } }}
          sx={{ minWidth: { sm: 320 } }}
        />
        <Stack direction="row" spacing={1}>
          <Button variant="contained" onClick={submit} disabled={save.isPending}>
            保存
          </Button>
          <Button onClick={() => save.mutate(null)} disabled={save.isPending || gb.refOperation == null}>
            清除
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
};
