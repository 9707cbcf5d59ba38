// 方案比选: the building's variants with their actions — 另存为方案, 切换为当前方案, 设为基准, 重命名,
// 计算, 删除 — and their comparison with the baseline (VariantCompare). The server decides and refuses in Chinese;
// its messages are shown as notifications (or in the name dialog).
import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Stack, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import InboxOutlinedIcon from '@mui/icons-material/InboxOutlined';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Loading, useNotify } from 'react-admin';
import { ConfirmDialog } from '../admin/ConfirmDialog';
import { MSG } from '../constants';
import { errorMessage } from '../admin/useConfirmedAction';
import {
  calculateVariant,
  createVariant,
  deleteVariant,
  listVariants,
  switchVariant,
  updateVariant,
  type Variant,
  type VariantList,
} from './decideApi';
import { NameDialog } from './NameDialog';
import { DECIDE_MSG } from './texts';
import { decideKeys, VariantCompare } from './VariantCompare';
import { VariantTable, type VariantAction } from './VariantTable';

type Asking = { kind: 'create' } | { kind: 'rename' | 'switch' | 'delete'; variant: Variant } | null;

const Empty = () => (
  <Box
    sx={{
      py: 4,
      display: 'flex',
      flexDirection: 'column',
      alignItems: 'center',
      color: 'text.secondary',
      textAlign: 'center',
    }}
  >
    <InboxOutlinedIcon sx={{ fontSize: 48, mb: 1 }} />
    <Typography>{DECIDE_MSG.noVariants}</Typography>
    <Typography variant="body2" sx={{ mt: 1, maxWidth: 560 }}>
      {DECIDE_MSG.noVariantsHint}
    </Typography>
  </Box>
);

export const VariantPanel = ({ projectId }: { projectId: number }) => {
  const notify = useNotify();
  const client = useQueryClient();
  const [asking, setAsking] = useState<Asking>(null);
  const [busy, setBusy] = useState(false);
  const list = useQuery({
    queryKey: decideKeys.variants(projectId),
    queryFn: ({ signal }) => listVariants(projectId, signal),
    retry: false,
  });

  const refresh = async (next?: VariantList, everything = false) => {
    if (next) client.setQueryData(decideKeys.variants(projectId), next);
    if (everything) await client.invalidateQueries();
    else await client.invalidateQueries({ queryKey: ['decide'], predicate: (q) => q.queryKey[2] === projectId });
  };

  /** Runs a call, then refreshes; a refusal is shown and, for the dialogs, thrown on. */
  const run = async (
    call: () => Promise<VariantList | Variant | unknown>,
    done: string,
    opts: { everything?: boolean; rethrow?: boolean } = {},
  ) => {
    setBusy(true);
    try {
      const answer = await call();
      const next = answer && typeof answer === 'object' && 'variants' in answer ? (answer as VariantList) : undefined;
      await refresh(next, opts.everything);
      notify(done, { type: 'success' });
      setAsking(null);
    } catch (err) {
      if (opts.rethrow) throw err;
      notify(errorMessage(err), { type: 'error' });
      setAsking(null);
    } finally {
      setBusy(false);
    }
  };

  const onAction = (action: VariantAction, v: Variant) => {
    if (action === 'baseline')
      void run(() => updateVariant(v.id, { isBaseline: true }), `已将「${v.name}」设为基准方案`);
    else if (action === 'calculate')
      void run(() => calculateVariant(v.id), `方案「${v.name}」计算完成`, { everything: v.isCurrent });
    else setAsking({ kind: action, variant: v });
  };

  if (list.isPending) return <Loading loadingPrimary="正在加载, 请稍候..." loadingSecondary="" />;
  if (list.error) return <Alert severity="error">{errorMessage(list.error)}</Alert>;
  const { variants, canEdit } = list.data;
  const current = variants.find((v) => v.isCurrent);

  return (
    <Box data-testid="variant-panel">
      <Card variant="outlined">
        <CardContent>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1 }}
          >
            <Box>
              <Typography variant="h6" component="h2">
                方案列表
              </Typography>
              <Typography variant="body2" color="text.secondary">
                当前方案的数据即各阶段录入页面编辑的数据；每个单体最多保存 10 个方案
              </Typography>
            </Box>
            <Tooltip title={canEdit ? '' : DECIDE_MSG.noEdit}>
              <span>
                <Button
                  variant="contained"
                  startIcon={<AddIcon />}
                  disabled={!canEdit || busy}
                  onClick={() => setAsking({ kind: 'create' })}
                  sx={{ whiteSpace: 'nowrap' }}
                >
                  另存为方案
                </Button>
              </span>
            </Tooltip>
          </Stack>
          {variants.length ? (
            <VariantTable variants={variants} canEdit={canEdit} busy={busy} onAction={onAction} />
          ) : (
            <Empty />
          )}
        </CardContent>
      </Card>
      {variants.length > 0 && <VariantCompare projectId={projectId} variants={variants} />}

      {asking?.kind === 'create' && (
        <NameDialog
          title="另存为方案"
          hint={
            variants.length
              ? '将当前数据另存为一个新方案（计算后保存），当前方案不变'
              : '首次另存时，当前数据先保存为「基准方案」，再另存一份副本作为新方案'
          }
          onClose={() => setAsking(null)}
          onSubmit={(name) => run(() => createVariant(projectId, name), `方案「${name}」已保存`, { rethrow: true })}
        />
      )}
      {asking?.kind === 'rename' && (
        <NameDialog
          title="重命名方案"
          initial={asking.variant.name}
          onClose={() => setAsking(null)}
          onSubmit={(name) => run(() => updateVariant(asking.variant.id, { name }), MSG.updated, { rethrow: true })}
        />
      )}
      <ConfirmDialog
        isOpen={asking?.kind === 'switch' || asking?.kind === 'delete'}
        loading={busy}
        title={asking?.kind === 'delete' ? '删除方案' : '切换为当前方案'}
        content={
          asking?.kind === 'delete'
            ? `确定删除方案「${asking.variant.name}」吗？删除后不能恢复。`
            : asking?.kind === 'switch'
              ? `切换后，各阶段录入页面将编辑方案「${asking.variant.name}」的数据，单体的计算结果也将变为该方案的结果${current ? `；当前数据保存在方案「${current.name}」中` : ''}。确定切换吗？`
              : ''
        }
        onConfirm={() => {
          if (asking?.kind === 'delete') void run(() => deleteVariant(asking.variant.id), MSG.deleted);
          else if (asking?.kind === 'switch')
            void run(() => switchVariant(asking.variant.id), `已切换为方案「${asking.variant.name}」`, {
              everything: true,
            });
        }}
        onClose={() => {
          setAsking(null);
          notify(MSG.canceled, { type: 'info' });
        }}
      />
    </Box>
  );
};
