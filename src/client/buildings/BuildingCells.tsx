// The building list's cells and column titles: a cell's text (2 decimals for figures), the revision under the
// 校审状态 with its 历史修订版, a stale result's mark beside its figure, and a title with its unit on a second line.
import { Fragment } from 'react';
import { Box } from '@mui/material';
import { cellText, splitUnit, type Labels } from './buildingColumns';
import type { BuildingRecord } from './buildingApi';
import { RevisionCell } from './RevisionCell';
import { StaleMark } from './StaleResult';
import { Words } from '../admin/Words';

/**
 * One cell: its text; the revision (with its 历史修订版) in its own column when chosen, and under the 校审状态 in any
 * case (a column of its own would push the totals under 操作 at 1366 px); a stale result's figure with its mark.
 */
export const Cell = ({
  column,
  record,
  labels,
  marked,
}: {
  column: string;
  record: BuildingRecord;
  labels: Labels;
  marked: boolean;
}) => {
  if (column === 'revision') return <RevisionCell record={record} />;
  const text = cellText(column, record[column], labels);
  if (column === 'reviewState')
    return (
      <>
        {text}
        <Box component="span" sx={{ display: 'block', fontSize: '0.75rem', color: 'text.secondary' }}>
          修订版 <RevisionCell record={record} />
        </Box>
      </>
    );
  // (the mark under the figure, not beside it: the column keeps the figure's width, and the list fits at 1366 px)
  return marked && record.resultStale ? (
    <>
      {text}
      <Box component="span" sx={{ display: 'block', lineHeight: 1 }}>
        <StaleMark building={record} />
      </Box>
    </>
  ) : (
    <Words text={text} />
  );
};

/**
 * A column title 'name(unit)' as the name with its unit on a second, smaller line that may break after a '/'
 * ('(kgCO2e/' '(m²·a))'), so result columns stay narrow. One inline block: the sort label lays its children out
 * in a row.
 */
export const ColumnHeader = ({ title }: { title: string }) => {
  const [name, unit] = splitUnit(title);
  if (!unit) return <Words text={name} />;
  const parts = unit.split('/');
  return (
    <Box component="span" sx={{ display: 'inline-block' }}>
      <Words text={name} />
      <Box component="span" sx={{ display: 'block', fontSize: '0.75rem', color: 'text.secondary' }}>
        {parts.map((part, i) => (
          <Fragment key={i}>
            {i > 0 && (
              <>
                /<wbr />
              </>
            )}
            {part}
          </Fragment>
        ))}
      </Box>
    </Box>
  );
};
