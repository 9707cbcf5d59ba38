// The mapping on a phone: each bill item a card — its class, name, specification, quantity with its unit and source,
// then its factor choice — so nothing runs off the screen's right edge. Same props as MappingTable.
import { Box, Stack, Typography } from '@mui/material';
import { MSG } from '../constants';
import { ClassChip, ItemName } from './ItemParts';
import { ItemChoice, type MappingViewProps } from './MappingTable';
import { num, sourceText } from './selection';

export const MappingCards = ({ items, ...props }: MappingViewProps) => (
  <Stack spacing={1.5} aria-label="清单映射" role="list">
    {items.length === 0 && (
      <Typography align="center" color="text.secondary" sx={{ py: 2 }}>
        {MSG.noData}
      </Typography>
    )}
    {items.map((item) => (
      <Box
        key={item.key}
        role="listitem"
        data-testid="bill-mapping-row"
        sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, minWidth: 0 }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', mb: 0.5 }}>
          <ClassChip item={item} />
          <ItemName item={item} />
        </Stack>
        <Typography variant="body2">
          {item.spec ? `规格型号：${item.spec}　` : ''}数量：<b>{num(item.quantity)}</b> {item.unit}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 1, wordBreak: 'keep-all' }}>
          来源：{sourceText(item.sources)}
        </Typography>
        <ItemChoice {...props} item={item} />
      </Box>
    ))}
  </Stack>
);
