// A list's filters on a phone: six or nine filter fields stacked above the first record pushed the records off the
// screen. There they wait behind one 筛选 button that counts the filters in use and opens them in a dialog (the same
// filter inputs, in the same list context); on a wider screen they stay above the list as they are.
import { cloneElement, useState, type ReactElement } from 'react';
import FilterListIcon from '@mui/icons-material/FilterList';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { FilterForm, useListContext } from 'react-admin';
import { usePhone } from './RecordCards';

const inUse = (v: unknown) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && !v.length);

const FiltersButton = ({ filters }: { filters: ReactElement[] }) => {
  const { filterValues } = useListContext();
  const [open, setOpen] = useState(false);
  const names = new Set(filters.map((f) => String((f.props as { source?: string }).source)));
  const active = Object.entries(filterValues ?? {}).filter(([k, v]) => names.has(k) && inUse(v)).length;
  return (
    <>
      <Button size="small" startIcon={<FilterListIcon />} onClick={() => setOpen(true)} data-testid="phone-filters">
        筛选{active ? `（${active}）` : ''}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth aria-labelledby="phone-filters-title">
        <DialogTitle id="phone-filters-title">筛选</DialogTitle>
        <DialogContent>
          <FilterForm
            filters={filters.map((f) => cloneElement(f as ReactElement<{ alwaysOn?: boolean }>, { alwaysOn: true }))}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>完成</Button>
        </DialogActions>
      </Dialog>
    </>
  );
};

/** The filters a list shows above itself (none on a phone) and the button that holds them on a phone (else null). */
export function usePhoneFilters(filters: ReactElement[]): {
  filters: ReactElement[] | undefined;
  button: ReactElement | null;
} {
  const phone = usePhone();
  return phone
    ? { filters: undefined, button: filters.length ? <FiltersButton filters={filters} /> : null }
    : { filters, button: null };
}
