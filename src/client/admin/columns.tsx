// DataTable columns generated from a schema — the one way the client draws a table of records: every `x-list`
// property (label = its title through resources.<name>.fields.<prop>; numbers right-aligned with 2 decimals or
// x-decimals, dictionary values by their label, dates in zh-CN, long texts cut with the whole in a tooltip).
// The generic lists add 创建时间 and the row actions (schemaColumns); other tables add their own columns around
// fieldColumns (the stage table: selection, 序号, 操作 — admin/tableParts.tsx).
import type { ReactElement, ReactNode } from 'react';
import { Box, Chip, Stack, Tooltip } from '@mui/material';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { DataTable, type RaRecord } from 'react-admin';
import type { PropertySchema, ResourceSchema } from '../../../schemas/index';
import { useDict, type DictMaps } from './useDicts';
import { formatPrecise } from '../../calc/format';
import { decimalsOf, formatDate, isDateFormat, isNumeric, isSortable, isWarningRow, listFields } from './schemaFields';
import { RowActions } from './RowActions';
import { actionsColumn } from './tableParts';
import { Words } from './Words';

/** A dictionary value (or several, as chips) by its label; the raw value while the dictionary has none. */
const DictLabel = ({ dict, value }: { dict: Record<string, string> | undefined; value: unknown }) => {
  if (value === null || value === undefined || value === '') return null;
  if (Array.isArray(value)) {
    return (
      <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {value.map((v) => (
          <Chip key={String(v)} size="small" label={dict?.[String(v)] ?? String(v)} />
        ))}
      </Stack>
    );
  }
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
      {dict?.[String(value)] ?? String(value)}
    </Box>
  );
};

/** The same, reading its dictionary itself (a page of a list: a few cells). */
const DictValue = ({ code, value }: { code: string; value: unknown }) => (
  <DictLabel dict={useDict(code)} value={value} />
);

export const WarningMark = ({ message }: { message: string }) => (
  <Tooltip title={message}>
    <WarningAmberIcon
      color="warning"
      fontSize="small"
      sx={{ verticalAlign: 'middle', ml: 0.5 }}
      data-testid="row-warning"
    />
  </Tooltip>
);

/**
 * Long free text (source, remarks: maxLength above this) stays on one line with an ellipsis; the whole text is in the
 * tooltip.
 */
const LONG_TEXT = 60;
/** Such a text is cut when longer than this many characters. */
const CUT_AFTER = 12;
const LongText = ({ text }: { text: string }) => (
  <Tooltip title={text}>
    <Box
      component="span"
      sx={{ display: 'block', maxWidth: 220, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
    >
      {text}
    </Box>
  </Tooltip>
);

function cellValue(
  prop: PropertySchema,
  value: unknown,
  { cutAfter, dicts }: FieldColumnOptions,
): ReactElement | string {
  const code = prop['x-dict'];
  if (code) return dicts ? <DictLabel dict={dicts[code]} value={value} /> : <DictValue code={code} value={value} />;
  if (prop['x-enumLabels'] && value != null)
    return <Words text={prop['x-enumLabels'][String(value)] ?? String(value)} />;
  if (isNumeric(prop)) return formatPrecise(value, decimalsOf(prop));
  if (isDateFormat(prop) || prop['x-widget'] === 'date') return formatDate(value, prop.format === 'date-time');
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (Array.isArray(value)) return value.join('、');
  if (value === null || value === undefined) return '';
  const text = String(value);
  if (cutAfter !== undefined ? text.length > cutAfter : (prop.maxLength ?? 0) > LONG_TEXT && text.length > CUT_AFTER)
    return <LongText text={text} />;
  return <Words text={text} />;
}

export interface FieldColumnOptions {
  /** Sort by the schema's sortable fields (a list page); otherwise no column sorts. */
  sortable?: boolean;
  /** Cut every text longer than this (a wide table of short cells); by default only long free texts are cut. */
  cutAfter?: number;
  /** A mark after a field's value in a row (a warning, a 默认值 chip), or nothing. */
  mark?: (field: string, record: RaRecord) => ReactNode;
  /** What a cell shows when the record leaves its field empty (a stage row: the default its calculation used). */
  filled?: (field: string, record: RaRecord) => unknown;
  /** The schema's dictionaries read once for the table (useDicts): a long table then reads none per cell. */
  dicts?: DictMaps;
}

/** A column per `x-list` property of the schema, in schema order. */
export function fieldColumns(schema: ResourceSchema, options: FieldColumnOptions = {}): ReactElement[] {
  const { sortable = false, mark } = options;
  return listFields(schema).map(([name, prop]) => (
    <DataTable.Col
      key={name}
      source={name}
      disableSort={!sortable || !isSortable(schema, name)}
      align={isNumeric(prop) ? 'right' : undefined}
      render={(record: RaRecord) => {
        const own = record[name];
        const value =
          (own === null || own === undefined || own === '') && options.filled
            ? (options.filled(name, record) ?? own)
            : own;
        const content = cellValue(prop, value, options);
        const after = mark?.(name, record);
        if (after === null || after === undefined || after === false) return content;
        return (
          <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
            {content}
            {after}
          </Box>
        );
      }}
    />
  ));
}

/** The generic list's columns: the schema's fields (x-rowWarning marked), 创建时间 and the row actions: the schema's
 *  row links (x-resource.rowLinks) for everyone, 编辑 / 删除 for writers. */
export function schemaColumns(
  resource: string,
  schema: ResourceSchema,
  route: string,
  withActions: boolean,
): ReactElement[] {
  const warning = schema['x-rowWarning'];
  const cols = fieldColumns(schema, {
    sortable: true,
    mark: (field, record) =>
      warning && warning.field === field && isWarningRow(schema, record) ? (
        <WarningMark message={warning.message} />
      ) : null,
  });
  cols.push(
    <DataTable.Col
      key="createDate"
      source="createDate"
      disableSort={!isSortable(schema, 'createDate')}
      render={(record: RaRecord) => formatDate(record.createDate, true)}
      sx={{ whiteSpace: 'nowrap' }}
    />,
  );
  const links = schema['x-resource'].rowLinks ?? [];
  if (!withActions && !links.length) return cols;
  cols.push(actionsColumn((record) => <RowActions resource={resource} route={route} record={record} links={links} />));
  return cols;
}
