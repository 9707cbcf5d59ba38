// Lists on a phone: below 600 px a table shows its first 2–4 columns and the figures a user opens the page for run
// off to the right. There each record is a card instead (react-admin's SimpleList, in the same list context: same
// page, sort and filters): its name, then its key figures one per line; a tap opens the whole record. A card with
// actions of its own (编辑, 删除) opens by its name instead, so no button sits inside another.
import type { ReactElement, ReactNode } from 'react';
import { Box, Link, useMediaQuery, type Theme } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { SimpleList, type RaRecord } from 'react-admin';
import type { ResourceSchema } from '../../../schemas/index';
import { formatPrecise } from '../../calc/format';
import { decimalsOf, isNumeric, listFields } from './schemaFields';
import type { DictMaps } from './useDicts';

/** Below MUI's `sm` breakpoint (600 px): a phone held upright. */
export const usePhone = () => useMediaQuery((t: Theme) => t.breakpoints.down('sm'), { noSsr: true });

export interface CardFigure {
  label: string;
  text: (record: RaRecord) => string;
}

export interface RecordCardsProps {
  title: (record: RaRecord) => ReactNode;
  figures: readonly CardFigure[];
  /** A tap: the path of the whole record, or a side effect (a dialog) and false. */
  open: (record: RaRecord) => string | false;
  empty?: ReactElement;
  /** Outside a resource's list (a list of local data): the resource the records are of. */
  resource?: string;
  /** The record's own buttons, under its figures. */
  actions?: (record: RaRecord) => ReactNode;
}

const Figures = ({ record, figures }: { record: RaRecord; figures: readonly CardFigure[] }) => (
  <>
    {figures.map((f) => {
      const text = f.text(record);
      return text ? (
        <Box key={f.label} component="span" sx={{ display: 'block' }}>
          {f.label}：{text}
        </Box>
      ) : null;
    })}
  </>
);

/** The card's name as the link that opens the record (a card with actions is no button itself). */
const TitleLink = ({
  record,
  title,
  open,
}: {
  record: RaRecord;
  title: RecordCardsProps['title'];
  open: RecordCardsProps['open'];
}) => {
  const navigate = useNavigate();
  return (
    <Link
      component="button"
      type="button"
      underline="hover"
      sx={{ textAlign: 'left', fontSize: 'inherit' }}
      onClick={() => {
        const to = open(record);
        if (to) navigate(to);
      }}
    >
      {title(record)}
    </Link>
  );
};

export const RecordCards = ({ title, figures, open, empty, resource, actions }: RecordCardsProps) => (
  <SimpleList
    resource={resource}
    primaryText={actions ? (record: RaRecord) => <TitleLink record={record} title={title} open={open} /> : title}
    secondaryText={(record: RaRecord) => (
      <>
        <Figures record={record} figures={figures} />
        {actions && (
          <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', mt: 0.5, ml: -0.5 }}>
            {actions(record)}
          </Box>
        )}
      </>
    )}
    rowClick={actions ? false : (_id, _resource, record) => open(record)}
    empty={empty}
    sx={{
      '& .MuiListItem-root, & .MuiListItemButton-root': {
        borderBottom: 1,
        borderColor: 'divider',
        alignItems: 'flex-start',
      },
    }}
  />
);

/** A value of a schema field as text: numbers in their format, dictionary values by their label. */
export function fieldText(schema: ResourceSchema, dicts: DictMaps, field: string, value: unknown): string {
  const p = schema.properties[field];
  if (value === null || value === undefined || value === '') return '';
  if (p && isNumeric(p)) return formatPrecise(value, decimalsOf(p));
  const dict = p?.['x-dict'] ? dicts[p['x-dict']] : p?.['x-enumLabels'];
  if (Array.isArray(value)) return value.map((v) => dict?.[String(v)] ?? String(v)).join('、');
  return dict?.[String(value)] ?? String(value);
}

/**
 * A schema's card: its title field (`titleField`, else the searched name, `name`, the first listed text) and, as
 * figures, its other listed fields (only the numbers with `numbersOnly`); `filled` answers what a field the record
 * leaves empty shows (as the table's cells).
 */
export function schemaCard(
  schema: ResourceSchema,
  dicts: DictMaps,
  opts: { titleField?: string; numbersOnly?: boolean; filled?: (field: string, record: RaRecord) => unknown } = {},
): Pick<RecordCardsProps, 'title' | 'figures'> {
  const listed = listFields(schema);
  const name =
    opts.titleField ??
    listed.find(([, p]) => p['x-filter'] === 'like')?.[0] ??
    listed.find(([f]) => f === 'name')?.[0] ??
    listed.find(([, p]) => !isNumeric(p) && !p['x-dict'] && !p.enum)?.[0] ??
    listed[0]?.[0];
  // a number whose unit is another field of the record (用量 and 单位, 排放因子 and 因子单位) shows it beside it
  const unitField = (f: string) =>
    [`${f}Unit`, f.replace(/Value$/, 'Unit'), f === 'quantity' ? 'unit' : ''].find(
      (u) => u && u !== f && schema.properties[u],
    );
  const figures = listed
    .filter(([f, p]) => f !== name && (!opts.numbersOnly || isNumeric(p)))
    .map(([f, p]) => {
      const unit = isNumeric(p) ? unitField(f) : undefined;
      return {
        label: p.title ?? f,
        text: (r: RaRecord) => {
          const text = fieldText(schema, dicts, f, r[f] ?? opts.filled?.(f, r));
          const u = unit ? String(r[unit] ?? opts.filled?.(unit, r) ?? '').trim() : '';
          return text && u ? `${text} ${u}` : text;
        },
      };
    });
  return { title: (r) => (name ? fieldText(schema, dicts, name, r[name]) : String(r.id)), figures };
}
