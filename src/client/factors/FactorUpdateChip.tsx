// `因子已更新` beside a building that uses a superseded factor version (its result and stage pages' header, its
// row in the building list), with 重新计算 opening the before/after dialog. One request per page: the ids of all
// flagged buildings (GET factorUpdates/buildings), shared by every chip through react-query.
import { useState } from 'react';
import { Button, Chip, IconButton, Stack, Tooltip } from '@mui/material';
import UpdateIcon from '@mui/icons-material/Update';
import { useQuery } from '@tanstack/react-query';
import { factorKeys, outdatedBuildings } from './factorApi';
import { RecalcDialog } from './RecalcDialog';

export const FACTOR_UPDATED = '因子已更新';
const HINT = '该单体使用的排放因子有新版本；已保存的结果仍按原版本计算。点击查看重新计算前后的差异。';

/** Whether the building uses a superseded factor (false while unknown or on error: the chip is a hint). */
export function useFactorUpdated(buildingId: number | undefined): boolean {
  const { data } = useQuery({
    queryKey: factorKeys.outdated,
    queryFn: ({ signal }) => outdatedBuildings(signal),
    staleTime: 30_000,
    retry: false,
  });
  return buildingId != null && Array.isArray(data) && data.includes(buildingId);
}

/**
 * `compact` (the building list's 操作 column, sticky: a wider column would cover the result columns at 1366 px):
 * an icon named 因子已更新 that opens the dialog; otherwise the chip and 重新计算.
 */
export const FactorUpdateChip = ({
  buildingId,
  buildingName,
  compact,
}: {
  buildingId: number | undefined;
  buildingName?: string;
  compact?: boolean;
}) => {
  const updated = useFactorUpdated(buildingId);
  const [open, setOpen] = useState(false);
  if (!updated || buildingId == null) return null;
  const chip = compact ? (
    <Tooltip title={`${FACTOR_UPDATED}：${HINT}`}>
      <IconButton
        size="small"
        color="warning"
        aria-label={FACTOR_UPDATED}
        data-testid="factor-updated"
        onClick={() => setOpen(true)}
      >
        <UpdateIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  ) : (
    <Tooltip title={HINT}>
      <Chip size="small" color="warning" icon={<UpdateIcon />} label={FACTOR_UPDATED} data-testid="factor-updated" />
    </Tooltip>
  );
  return (
    <>
      {compact ? (
        chip
      ) : (
        <Stack direction="row" spacing={1} alignItems="center" sx={{ mt: 0.5, flexWrap: 'wrap' }}>
          {chip}
          <Button size="small" variant="outlined" onClick={() => setOpen(true)}>
            重新计算
          </Button>
        </Stack>
      )}
      {open && (
        <RecalcDialog buildingId={buildingId} buildingName={buildingName} open={open} onClose={() => setOpen(false)} />
      )}
    </>
  );
};
