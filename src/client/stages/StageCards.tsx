// A stage's rows on a phone: a card per row instead of the wide table, with the stage's 合计 under them.
import { useMemo } from 'react';
import { Typography } from '@mui/material';
import { useListContext } from 'react-admin';
import { RecordCards, schemaCard } from '../admin/RecordCards';
import { NoData } from '../admin/NoData';
import type { DictMaps } from '../admin/useDicts';
import { filledCells } from './filledCells';
import type { StageDef } from './stageDefs';
import type { StageRow } from './stageApi';

/** On a phone: a card per row (its name, 用量, 排放因子, 碳排放量 …) that opens the row's dialog, and the 合计 under them. */
export const StageCards = ({
  def,
  dicts,
  total,
  onOpen,
}: {
  def: StageDef;
  dicts: DictMaps;
  total: string | undefined;
  onOpen?: (row: StageRow) => void;
}) => {
  const { total: count } = useListContext();
  const filledOf = useMemo(() => filledCells(def.schema), [def.schema]);
  return (
    <>
      <RecordCards
        {...schemaCard(def.schema, dicts, { numbersOnly: true, filled: (f, r) => filledOf(r).get(f)?.value })}
        open={(row) => (onOpen?.(row as StageRow), false)}
        empty={<NoData />}
      />
      {total !== undefined && (count ?? 0) > 0 && (
        <Typography sx={{ fontWeight: 600, py: 1 }} data-testid="stage-sum">
          合计：{total} kgCO2e
        </Typography>
      )}
    </>
  );
};
