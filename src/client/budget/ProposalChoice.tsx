// The factor choice of one bill item (issue 26 §4): a select among the item's proposals — each with its label, 匹配度,
// 已保存, the quantity it imports in the factor's unit with the conversion's steps and its reasons, or the error that
// makes it unchoosable (shown, disabled) — and 不导入. Under it the chosen proposal's figures; an item without
// proposals says why (its note).
import type { HTMLAttributes } from 'react';
import { Box, Chip, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { CONFIRM_AT } from '../../../schemas/bimMatch';
import type { BudgetItemAnswer, BudgetSuggestionAnswer } from './budgetApi';
import { choosable, confidenceText, quantityText } from './selection';

const NONE = '';

/** 匹配度 and 已保存 of a proposal. */
export const ProposalMarks = ({ s }: { s: BudgetSuggestionAnswer }) => (
  <Stack direction="row" spacing={0.5} component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap' }}>
    <Chip size="small" variant="outlined" label={confidenceText(s.confidence)} color={s.error ? 'default' : s.confidence >= CONFIRM_AT ? 'success' : s.confidence >= 0.5 ? 'warning' : 'default'} />
    {s.saved && <Chip size="small" label="已保存" color="primary" variant="outlined" />}
  </Stack>
);

/** What a proposal imports, how the quantity was converted and why it is proposed — or its error. */
export const ProposalFacts = ({ item, s }: { item: BudgetItemAnswer; s: BudgetSuggestionAnswer }) => (
  <Box sx={{ minWidth: 0 }}>
    {s.error ? (
      <Typography variant="body2" color="error.main" data-testid="bill-proposal-error">
        不可选：{s.error}
      </Typography>
    ) : (
      <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
        计入：<b>{quantityText(item, s)}</b>
      </Typography>
    )}
    {s.steps.length > 0 && (
      <Typography variant="caption" color="text.secondary" component="div" sx={{ wordBreak: 'break-word' }}>
        换算：{s.steps.join('；')}
      </Typography>
    )}
    {s.reasons.length > 0 && (
      <Typography variant="caption" color="text.secondary" component="div" sx={{ wordBreak: 'break-word' }}>
        依据：{s.reasons.join('；')}
      </Typography>
    )}
  </Box>
);

export interface ProposalChoiceProps {
  item: BudgetItemAnswer;
  /** the chosen suggestion's index, or null */
  value: number | null;
  disabled?: boolean;
  onChange: (index: number | null) => void;
}

export const ProposalChoice = ({ item, value, disabled, onChange }: ProposalChoiceProps) => {
  if (item.suggestions.length === 0)
    return (
      <Typography variant="body2" color="text.secondary" data-testid="bill-note">
        {item.note ?? '未找到可用的因子'}；不导入
      </Typography>
    );
  const chosen = value === null ? null : (item.suggestions[value] ?? null);
  return (
    <Box sx={{ minWidth: 0 }}>
      <TextField
        select
        hiddenLabel
        size="small"
        fullWidth
        value={value === null ? NONE : String(value)}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value === NONE ? null : Number(e.target.value))}
        slotProps={{
          select: {
            displayEmpty: true,
            renderValue: (v) => (v === NONE ? '不导入' : (item.suggestions[Number(v)]?.label ?? '')),
            SelectDisplayProps: { 'aria-label': `${item.name} 对应因子` } as HTMLAttributes<HTMLDivElement>,
            MenuProps: { slotProps: { paper: { sx: { maxWidth: 'min(640px, calc(100vw - 32px))' } } } },
          },
        }}
      >
        <MenuItem value={NONE}>不导入</MenuItem>
        {item.suggestions.map((s, i) => (
          <MenuItem key={i} value={String(i)} disabled={!choosable(s)} divider sx={{ display: 'block', whiteSpace: 'normal', '&.Mui-disabled': { opacity: 0.8 } }}>
            <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {s.label}
              </Typography>
              <ProposalMarks s={s} />
            </Stack>
            <ProposalFacts item={item} s={s} />
          </MenuItem>
        ))}
      </TextField>
      {chosen ? (
        <Box sx={{ mt: 0.5 }} data-testid="bill-chosen">
          <ProposalMarks s={chosen} />
          <ProposalFacts item={item} s={chosen} />
        </Box>
      ) : (
        <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 0.5 }}>
          未选择，不导入（{item.suggestions.length} 个推荐{item.suggestions.some(choosable) ? '，请核对后选择' : '均无法换算'}）
        </Typography>
      )}
    </Box>
  );
};
