// The factor choice of one bill item: a select among the item's proposals — each with its label, 匹配度, 已保存, the
// quantity it imports in the factor's unit with the conversion's steps and its reasons, or the error that makes it
// unchoosable (shown, disabled) — and 不导入; for a material, 从因子库选择其他材料… opens the library search
// (LibraryPick), whose checked pick joins the proposals; for a machine, its 附录C row above it (MachinePick). Under
// it the chosen proposal's figures; an item without proposals says why (its note), a material's with the library
// search under it; an item of the kind the building's 建造 method leaves out says so and cannot be chosen.
import { useState, type HTMLAttributes } from 'react';
import { Box, Chip, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { CONFIRM_AT } from '../../../schemas/bimMatch';
import type { BudgetBuildMethod, BudgetItemAnswer, BudgetMachineAnswer, BudgetSuggestionAnswer } from './budgetApi';
import { LibraryPick } from './LibraryPick';
import { MachinePick } from './MachinePick';
import { choosable, confidenceText, leftOut, quantityText } from './selection';
import { leftOutText } from './texts';

const NONE = '';
const LIBRARY = 'library';

/** Whether the item may take any 建材 factor of the library (energy and machines take their energy's factors). */
const takesLibrary = (item: BudgetItemAnswer) => item.cls === 'material' || item.cls === 'equipment';

/** 匹配度 (or 手动选择) and 已保存 of a proposal. */
export const ProposalMarks = ({ s }: { s: BudgetSuggestionAnswer }) => (
  <Stack direction="row" spacing={0.5} component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap' }}>
    {s.manual ? (
      <Chip size="small" variant="outlined" label="手动选择" color="primary" />
    ) : (
      <Chip
        size="small"
        variant="outlined"
        label={confidenceText(s.confidence)}
        color={
          s.error ? 'default' : s.confidence >= CONFIRM_AT ? 'success' : s.confidence >= 0.5 ? 'warning' : 'default'
        }
      />
    )}
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
  jobId: number;
  item: BudgetItemAnswer;
  /** the chosen suggestion's index, or null */
  value: number | null;
  disabled?: boolean;
  onChange: (index: number | null) => void;
  /** a library factor the server checked for this item */
  onFound: (s: BudgetSuggestionAnswer) => void;
  /** the bill's 表C.0.1 rows by id, and the user's pick of one for a machine item */
  machines?: ReadonlyMap<number, BudgetMachineAnswer>;
  onMachine?: (row: BudgetMachineAnswer) => void;
  /** how the building counts 建筑建造 (an item of the other kind cannot be chosen) */
  method?: BudgetBuildMethod;
}

export const ProposalChoice = ({
  jobId,
  item,
  value,
  disabled,
  onChange,
  onFound,
  machines,
  onMachine,
  method,
}: ProposalChoiceProps) => {
  const [searching, setSearching] = useState(false);
  const library = takesLibrary(item);
  const found = (s: BudgetSuggestionAnswer) => {
    setSearching(false);
    onFound(s);
  };
  if (method && leftOut(item, method))
    return (
      <Typography variant="body2" color="text.secondary" data-testid="bill-left-out" sx={{ minWidth: 0 }}>
        {leftOutText(method)}
      </Typography>
    );
  const row =
    item.cls === 'machine' && machines && onMachine ? (
      <MachinePick item={item} machines={machines} disabled={disabled} onPick={onMachine} />
    ) : null;
  if (item.suggestions.length === 0)
    return (
      <Box sx={{ minWidth: 0 }}>
        {row}
        <Typography variant="body2" color="text.secondary" data-testid="bill-note">
          {item.note ?? '未找到可用的因子'}；不导入
        </Typography>
        {library && <LibraryPick jobId={jobId} item={item} disabled={disabled} onFound={found} />}
      </Box>
    );
  const chosen = value === null ? null : (item.suggestions[value] ?? null);
  return (
    <Box sx={{ minWidth: 0 }}>
      {row}
      <TextField
        select
        hiddenLabel
        size="small"
        fullWidth
        value={value === null ? NONE : String(value)}
        disabled={disabled}
        onChange={(e) => {
          if (e.target.value === LIBRARY) return setSearching(true);
          setSearching(false);
          onChange(e.target.value === NONE ? null : Number(e.target.value));
        }}
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
          <MenuItem
            key={i}
            value={String(i)}
            disabled={!choosable(s)}
            divider
            sx={{ display: 'block', whiteSpace: 'normal', '&.Mui-disabled': { opacity: 0.8 } }}
          >
            <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {s.label}
              </Typography>
              <ProposalMarks s={s} />
            </Stack>
            <ProposalFacts item={item} s={s} />
          </MenuItem>
        ))}
        {library && <MenuItem value={LIBRARY}>从因子库选择其他材料…</MenuItem>}
      </TextField>
      {searching && <LibraryPick jobId={jobId} item={item} disabled={disabled} autoFocus onFound={found} />}
      {chosen ? (
        <Box sx={{ mt: 0.5 }} data-testid="bill-chosen">
          <ProposalMarks s={chosen} />
          <ProposalFacts item={item} s={chosen} />
        </Box>
      ) : (
        <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 0.5 }}>
          未选择，不导入（{item.suggestions.length} 个推荐
          {item.suggestions.some(choosable) ? '，请核对后选择' : '均无法换算'}）
        </Typography>
      )}
    </Box>
  );
};
