// 从因子库选择 for one material item: the library's 建材 factors searched by their Chinese label (the
// stage dialog's search, stages/useFactorSearch), and the pick checked by the server (POST budgetBill/{jobId}/check):
// the quantity it would import in the factor's unit, with the conversion, joins the item's choices — or the server's
// reason it cannot (a unit no stated conversion takes there) is shown under the field and nothing is chosen.
import { useState } from 'react';
import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import { errorMessage } from '../admin/useConfirmedAction';
import { AUTOCOMPLETE_TEXTS } from '../i18n/autocomplete';
import { factorCategory, factorLabel } from '../stages/factor';
import { factorOptions } from '../stages/FactorWidget';
import type { Factor } from '../stages/stageApi';
import { useFactorSearch } from '../stages/useFactorSearch';
import { checkBillItem, type BudgetItemAnswer, type BudgetSuggestionAnswer } from './budgetApi';

export const LIBRARY_TYPE = '建材';

export interface LibraryPickProps {
  jobId: number;
  item: BudgetItemAnswer;
  disabled?: boolean;
  /** open the list at once (chosen from the proposals' menu) */
  autoFocus?: boolean;
  onFound: (s: BudgetSuggestionAnswer) => void;
}

export const LibraryPick = ({ jobId, item, disabled, autoFocus, onFound }: LibraryPickProps) => {
  const [open, setOpen] = useState(!!autoFocus);
  const { setInput, search, found } = useFactorSearch(LIBRARY_TYPE, undefined, open);
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const options = factorOptions(found.data ?? [], [], search, undefined);

  const check = async (f: Factor) => {
    setChecking(true);
    setError(null);
    try {
      onFound(await checkBillItem(jobId, item.key, f.id));
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setChecking(false);
    }
  };

  return (
    <Box sx={{ mt: 0.5, minWidth: 0 }}>
      <Autocomplete<Factor>
        size="small"
        options={options}
        value={null}
        open={open}
        onOpen={() => setOpen(true)}
        onClose={() => setOpen(false)}
        loading={found.isFetching || checking}
        {...AUTOCOMPLETE_TEXTS}
        disabled={disabled || checking}
        filterOptions={(opts) => opts}
        getOptionLabel={(f) => factorLabel(f)}
        getOptionKey={(f) => f.id}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        onChange={(_e, f) => void (f && check(f))}
        onInputChange={(_e, text, reason) => {
          if (reason === 'input') setInput(text);
          else if (reason === 'clear' || reason === 'reset') setInput('');
        }}
        renderOption={(liProps, f) => {
          const { key, ...rest } = liProps as typeof liProps & { key: string };
          return (
            <li key={key} {...rest}>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2">{factorLabel(f)}</Typography>
                <Typography variant="caption" color="text.secondary" component="div">
                  {[factorCategory(f), f.unit ? `单位 ${f.unit}` : ''].filter(Boolean).join(' · ')}
                </Typography>
              </Box>
            </li>
          );
        }}
        renderInput={(params) => (
          <TextField
            {...params}
            autoFocus={autoFocus}
            placeholder="从因子库搜索其他材料"
            inputProps={{ ...params.inputProps, 'aria-label': `${item.name} 从因子库选择` }}
          />
        )}
      />
      {error && (
        <Typography
          variant="caption"
          color="error.main"
          component="div"
          role="alert"
          sx={{ mt: 0.5, wordBreak: 'break-word' }}
          data-testid="bill-pick-error"
        >
          {error}
        </Typography>
      )}
    </Box>
  );
};
