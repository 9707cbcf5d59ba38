// 「EPD 数据」 on a library factor's page, for a factor imported from an EPD (its record's `epd`): the declaration as
// it was read — fields and modules — read-only, since only an import writes it; a red 已过期 past its validity.
import { Card, CardContent, Stack, Typography } from '@mui/material';
import { useEditContext } from 'react-admin';
import { epdExpired, type EpdData } from '../../../../schemas/epd';
import { EpdDataView, ExpiredChip } from './EpdDataView';
import { chinaDay } from '../../../calc/chinaTime';

export const EpdPanel = () => {
  const { record } = useEditContext();
  const epd = (record as { epd?: EpdData | null } | undefined)?.epd;
  if (!epd) return null;
  const today = chinaDay(new Date());
  return (
    <Card sx={{ mt: 2, maxWidth: 960 }} component="section" aria-labelledby="epd-panel-title" data-testid="epd-panel">
      <CardContent>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}>
          <Typography id="epd-panel-title" variant="h6" component="h2">
            EPD 数据
          </Typography>
          {epdExpired(epd, today) && <ExpiredChip />}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          本因子由 EPD 导入：以下为导入时从文件读取的内容，只读；因子值为其中的 A1–A3 GWP 除以声明单位数量。
        </Typography>
        <EpdDataView epd={epd} today={today} />
      </CardContent>
    </Card>
  );
};

export default EpdPanel;
