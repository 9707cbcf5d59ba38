// A density asked for in the mapping row: the chosen factor is per t or kg and the material has only a volume,
// with no density in the model or in the factor. The material family's default (GB 50009-2012 附录A, with its
// source and mark) is prefilled as a suggestion, never applied by itself: the user confirms it or types the
// product's own, and the server computes the quantity with it (POST bim/{jobId}/check). A density being changed
// (the one confirmed, or saved with an earlier import) is prefilled instead.
import { useState } from 'react';
import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import type { DensityDefault } from './bimApi';
import { densityProblem } from './mapping';

/** The marks' words as the factor library shows them (src/server/db/seed/data/README.md). */
const MARK_TEXT: Record<DensityDefault['verification'], string> = { V: '已核实', D: '推导值', M: '回忆值（待核实）' };

export interface DensityPromptProps {
  material: string;
  /** why a density is needed (the server's words) */
  reason: string;
  suggestion: DensityDefault | null | undefined;
  /** the density in use, when the user changes it (prefilled before the default) */
  value?: number | null;
  disabled?: boolean;
  onConfirm: (density: number) => void;
}

export const DensityPrompt = ({ material, reason, suggestion, value, disabled, onConfirm }: DensityPromptProps) => {
  const [text, setText] = useState(value != null ? String(value) : suggestion ? String(suggestion.value) : '');
  const problem = densityProblem(text);
  const confirm = () => {
    if (!problem) onConfirm(Number(text.trim()));
  };
  return (
    <Box
      role="group"
      aria-label={`${material} 密度`}
      data-testid="bim-density"
      sx={{ position: 'sticky', left: 16, display: 'inline-block', maxWidth: 'calc(100vw - 64px)' }}
    >
      <Typography variant="body2" color="warning.dark">
        {reason}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', mt: 0.5 }}>
        <TextField
          size="small"
          label="密度(t/m³)"
          value={text}
          disabled={disabled}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && confirm()}
          error={!!problem && text !== ''}
          helperText={problem && text !== '' ? problem : undefined}
          slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-label': `${material} 密度(t/m³)` } }}
          sx={{ width: 140 }}
        />
        <Button size="small" variant="outlined" disabled={disabled || !!problem} onClick={confirm} sx={{ mt: 0.5 }}>
          确认密度
        </Button>
      </Stack>
      <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 0.5 }}>
        {suggestion
          ? `默认值（${suggestion.label}）${suggestion.value} t/m³：${suggestion.source}，${suggestion.verification} ${MARK_TEXT[suggestion.verification]}，请按产品核对后确认${suggestion.note ? `。${suggestion.note}` : ''}`
          : '该类材料没有默认密度，请按产品填写'}
      </Typography>
    </Box>
  );
};
