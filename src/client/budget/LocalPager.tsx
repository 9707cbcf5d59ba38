// A list the server sends whole (a bill's items, its problems), shown a page at a time: the page and size as state,
// the page's slice, and a pager — only when there is more than the smallest page — that wraps on a phone instead
// of pushing its arrows out of the card.
import { useState } from 'react';
import { TablePagination } from '@mui/material';
import { usePaginationLabels } from '../i18n/pagination';

const wrappingPager = {
  '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', px: { xs: 0, sm: 2 } },
  '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
} as const;

export function useLocalPage<T>(list: readonly T[], sizes: readonly number[], initialSize = sizes[0]) {
  const labels = usePaginationLabels();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(initialSize);
  const shown = list.slice(page * pageSize, (page + 1) * pageSize);
  const pager =
    list.length > sizes[0] ? (
      <TablePagination
        {...labels}
        sx={wrappingPager}
        component="div"
        count={list.length}
        page={page}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[...sizes]}
        onPageChange={(_e, p) => setPage(p)}
        onRowsPerPageChange={(e) => {
          setPageSize(Number(e.target.value));
          setPage(0);
        }}
      />
    ) : null;
  return { shown, pager, toFirst: () => setPage(0) };
}
