// The budget pre-flight's 待确认问题: material families whose amount per m² of the building's floor area is over
// their ceiling (server: budget/review.ts, the ceilings and their sources in imports/ranges.csv), each with its
// lines, their rows in the workbook and the working. Shown only when there are any; importing one of those lines
// asks for confirmation (ImportCard).
import { Alert, Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { sourcesText, type BudgetReviewProblem } from '../../../schemas/budget';

export const ReviewCard = ({ review }: { review: readonly BudgetReviewProblem[] }) => {
  if (!review.length) return null;
  return (
    <Card variant="outlined" sx={{ mb: 2 }} data-testid="bill-review">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          待确认问题
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          以下材料按单体建筑面积折算的用量超出该类材料的合理上限，可能是数量或单位有误；导入这些清单项前须确认。
        </Typography>
        <Stack spacing={1}>
          {review.map((p, i) => (
            <Alert key={`${p.label}|${i}`} severity="warning" data-testid="bill-review-item">
              <Box sx={{ fontWeight: 600 }}>
                {p.label}：{p.names.map((n) => `「${n}」`).join('、')}（{sourcesText(p.sources)}）
              </Box>
              <Box sx={{ wordBreak: 'break-word' }}>{p.message}</Box>
            </Alert>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
};
