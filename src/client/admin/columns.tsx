// DataTable columns generated from a schema: every `x-list` property (label = its title through
// resources.<name>.fields.<prop>), then 创建时间 and the row actions.
import type { ReactElement } from 'react';
import { Box, Chip, Stack, Tooltip } from '@mui/material';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { DataTable, type RaRecord } from 'react-admin';
import type { PropertySchema, ResourceSchema } from '../../../schemas/index';
import { useDict } from './useDicts';
import { formatNumber } from '../../calc/format';
import { decimalsOf, formatDate, isDateFormat, isNumeric, isSortable, isWarningRow, listFields } from './schemaFields';
import { RowActions } from './RowActions';

const DictValue = ({ code, value }: { code: string; value: unknown }) => {
  const dict = useDict(code);
  if (value === null || value === undefined || value === '') return null;
  if (Array.isArray(value)) {
    return (
      <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {value.map((v) => (
          <Chip key={String(v)} size="small" label={dict[String(v)] ?? String(v)} />
        ))}
      </Stack>
    );
  }
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
      {dict[String(value)] ?? String(value)}
    </Box>
  );
};

export const WarningMark = ({ message }: { message: string }) => (
  <Tooltip title={message}>
    <WarningAmberIcon color="warning" fontSize="small" sx={{ verticalAlign: 'middle', ml: 0.5 }} data-testid="row-warning" />
  </Tooltip>
);

/** Long free text (source, remarks) stays on one line with an ellipsis; the whole text is in the tooltip. */
const LONG_TEXT = 60;
const LongText = ({ text }: { text: string }) => (
  <Tooltip title={text}>
    <Box component="span" sx={{ display: 'block', maxWidth: 220, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
      {text}
    </Box>
  </Tooltip>
);

function cellValue(prop: PropertySchema, value: unknown): ReactElement | string {
  if (prop['x-dict']) return <DictValue code={prop['x-dict']} value={value} />;
  if (isNumeric(prop)) return formatNumber(value, decimalsOf(prop));
  if (isDateFormat(prop)) return formatDate(value, prop.format === 'date-time');
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (Array.isArray(value)) return value.join('、');
  if (value === null || value === undefined) return '';
  if ((prop.maxLength ?? 0) > LONG_TEXT && String(value).length > 12) return <LongText text={String(value)} />;
  return String(value);
}

export function schemaColumns(resource: string, schema: ResourceSchema, route: string, withActions: boolean): ReactElement[] {
  const warning = schema['x-rowWarning'];
  const cols = listFields(schema).map(([name, prop]) => (
    <DataTable.Col
      key={name}
      source={name}
      disableSort={!isSortable(schema, name)}
      align={isNumeric(prop) ? 'right' : undefined}
      render={(record: RaRecord) => {
        const content = cellValue(prop, record[name]);
        if (warning && warning.field === name && isWarningRow(schema, record)) {
          return (
            <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
              {content}
              <WarningMark message={warning.message} />
            </Box>
          );
        }
        return content;
      }}
    />
  ));
  cols.push(
    <DataTable.Col
      key="createDate"
      source="createDate"
      disableSort={!isSortable(schema, 'createDate')}
      render={(record: RaRecord) => formatDate(record.createDate, true)}
      sx={{ whiteSpace: 'nowrap' }}
    />,
  );
  if (!withActions) return cols;
  cols.push(
    <DataTable.Col key="__actions" label="操作" disableSort sx={{ whiteSpace: 'nowrap' }} render={(record: RaRecord) => <RowActions resource={resource} route={route} record={record} />} />,
  );
  return cols;
}
