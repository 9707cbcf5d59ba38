// An EPD's data as read from its files, shown the same way before the import (the pre-flight) and after it (the
// factor's 「EPD 数据」 panel): the read fields, one per line, and the GWP of every declared module in EN 15804 order.
// A past validity is a red 已过期 chip beside the date.
import type { ReactNode } from 'react';
import { Box, Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { epdExpired, type EpdData } from '../../../../schemas/epd';
import { formatNumber, formatPrecise } from '../../../calc/format';
import { MSG } from '../../constants';
import { ScrollX } from '../../admin/ScrollX';
import { a1a3Text, declaredText, gwpText, moduleLabel, sortedModules, standardText } from './epdText';

const NOT_GIVEN = '未注明';

export const ExpiredChip = () => <Chip size="small" color="error" label="已过期" data-testid="epd-expired" />;

const Given = ({ children }: { children: ReactNode }) =>
  children === null || children === undefined || children === '' ? (
    <Typography component="span" variant="body2" color="text.secondary">
      {NOT_GIVEN}
    </Typography>
  ) : (
    <>{children}</>
  );

function fieldRows(epd: EpdData, today: string): [string, ReactNode][] {
  const std = standardText(epd);
  const rows: [string, ReactNode][] = [
    ['产品名称', epd.productName],
    ['生产企业', epd.manufacturer],
    ['声明单位', declaredText(epd)],
    ['每声明单位质量(kg)', formatNumber(epd.massPerUnit)],
    ['密度(kg/m3)', formatNumber(epd.density)],
    // (a layer of 12 mm is 0.012 m: up to 4 decimals)
    ['厚度(m)', formatPrecise(epd.thickness, 4)],
    ...(epd.areaPerUnit != null ? [['每声明单位面积(m2)', formatNumber(epd.areaPerUnit)] as [string, ReactNode]] : []),
    [
      '标准与指标',
      <>
        {std.main}
        {std.detail && (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {std.detail}
          </Typography>
        )}
      </>,
    ],
    ['A1–A3 GWP', a1a3Text(epd)],
    ['PCR', epd.pcr],
    ['注册编号', epd.registrationNo],
    ['项目运营方', epd.operator],
    ['发布日期', epd.issued],
    [
      '有效期至',
      epd.validUntil ? (
        <>
          {epd.validUntil} {epdExpired(epd, today) && <ExpiredChip />}
        </>
      ) : null,
    ],
    ['参考年', epd.referenceYear == null ? null : String(epd.referenceYear)],
    ['文件', (epd.files ?? []).join('、')],
  ];
  return rows;
}

/** Label | value lines (未注明 for an empty value): the fields read, and the factor they become. */
export const PairsTable = (p: { rows: [string, ReactNode][]; label: string; testId: string; cellTestId: string }) => (
  <Table size="small" aria-label={p.label} data-testid={p.testId}>
    <TableBody>
      {p.rows.map(([label, value]) => (
        <TableRow key={label}>
          <TableCell
            component="th"
            scope="row"
            sx={{ whiteSpace: 'nowrap', width: '1%', color: 'text.secondary', verticalAlign: 'top' }}
          >
            {label}
          </TableCell>
          <TableCell sx={{ wordBreak: 'break-word' }} data-testid={`${p.cellTestId}-${label}`}>
            <Given>{value}</Given>
          </TableCell>
        </TableRow>
      ))}
    </TableBody>
  </Table>
);

/** The read fields: a label and its value per line (未注明 for what the file does not say). */
export const EpdFields = ({ epd, today }: { epd: EpdData; today: string }) => (
  <PairsTable rows={fieldRows(epd, today)} label="EPD 读取的数据" testId="epd-fields" cellTestId="epd-field" />
);

/** The GWP of every declared module and scenario, per declared unit, in EN 15804 order. */
export const EpdModules = ({ epd }: { epd: EpdData }) => {
  const modules = sortedModules(epd.modules);
  const per = declaredText(epd);
  return (
    <>
      <Typography variant="subtitle1" component="h3">
        各模块的 GWP
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
        每声明单位{per ? `（${per}）` : ''}的值，按 EN 15804 的模块顺序
      </Typography>
      <ScrollX label="EPD 各模块的 GWP">
        <Table
          size="small"
          aria-label="EPD 各模块的 GWP"
          data-testid="epd-modules"
          sx={{ '& td, & th': { px: { xs: 1, sm: 2 } } }}
        >
          <TableHead>
            <TableRow>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>模块</TableCell>
              <TableCell>情景</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                GWP
                {/* (the unit on a line of its own: the three columns fit 390 px) */}
                <Box component="span" sx={{ display: 'block', typography: 'caption' }}>
                  kgCO2e/声明单位
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {modules.length === 0 ? (
              <TableRow>
                <TableCell colSpan={3} align="center" sx={{ color: 'text.secondary' }}>
                  {MSG.noData}
                </TableCell>
              </TableRow>
            ) : (
              modules.map((m, i) => (
                <TableRow key={`${m.module}-${i}`} data-testid={`epd-module-${m.module}`}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{moduleLabel(m.module)}</TableCell>
                  <TableCell sx={{ minWidth: { xs: 64, sm: 96 }, wordBreak: 'break-word' }}>
                    {m.scenario || '—'}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {gwpText(m.value)}
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </ScrollX>
    </>
  );
};

/** The read fields beside the modules (one above the other on a narrow screen). */
export const EpdDataView = ({ epd, today }: { epd: EpdData; today: string }) => (
  <Box
    sx={{
      display: 'grid',
      gap: 2,
      gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
      alignItems: 'start',
    }}
  >
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="subtitle1" component="h3">
        读取的数据
      </Typography>
      <EpdFields epd={epd} today={today} />
    </Box>
    <Box sx={{ minWidth: 0 }}>
      <EpdModules epd={epd} />
    </Box>
  </Box>
);
