// The signers' comments on a stage, shown on its page until closed: a line per comment above the table
// (what it is on, who said it, whether 计算人 has dealt with it) and, in the rows they are on, a 校审意见 column.
// Read from the building's 校审 answer (GET review/{id}: the same query as the 校审 page).
import type { ReactElement } from 'react';
import { Alert, Chip, Stack, Tooltip, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { DataTable, type RaRecord } from 'react-admin';
import type { ReviewAnswer, ReviewComment } from '../../../schemas/review';
import { apiFetch, apiUrl } from '../providers/httpClient';

const STATUS = { open: '未处理', resolved: '已处理', closed: '已关闭' } as const;

/** This stage's comments not yet closed. */
export function useStageComments(projectId: number, stage: string): ReviewComment[] {
  const review = useQuery({
    queryKey: ['review', projectId],
    queryFn: ({ signal }) => apiFetch<ReviewAnswer>(apiUrl(`tpf/v1/tpf/review/${projectId}`), { signal }),
    retry: false,
    staleTime: 30_000,
  });
  return (review.data?.comments ?? []).filter((c) => c.stage === stage && c.status !== 'closed');
}

export const StageComments = ({ comments }: { comments: ReviewComment[] }) =>
  comments.length ? (
    <Alert severity="warning" sx={{ mb: 1 }} data-testid="stage-comments">
      <Typography variant="subtitle2">校审意见</Typography>
      <Stack component="ul" sx={{ m: 0, pl: 2 }}>
        {comments.map((c) => (
          <li key={c.id}>
            {c.where}：{c.content}（{c.author.name}，{STATUS[c.status]}）
          </li>
        ))}
      </Stack>
    </Alert>
  ) : null;

/** The 校审意见 column: the comments on each row, as chips with their words in a tooltip; none when no row has one. */
export function commentColumn(comments: ReviewComment[]): ReactElement[] {
  const byRow = new Map<number, ReviewComment[]>();
  for (const c of comments) if (c.rowId != null) byRow.set(c.rowId, [...(byRow.get(c.rowId) ?? []), c]);
  if (!byRow.size) return [];
  return [
    <DataTable.Col
      key="__comments"
      label="校审意见"
      disableSort
      render={(row: RaRecord) =>
        (byRow.get(Number(row.id)) ?? []).map((c) => (
          <Tooltip key={c.id} title={`${c.author.name}：${c.content}`}>
            <Chip
              size="small"
              color={c.status === 'open' ? 'warning' : 'info'}
              label={STATUS[c.status]}
              data-testid="row-comment"
            />
          </Tooltip>
        ))
      }
    />,
  ];
}
