// Small shared pieces of the reference lines on the result, compare and decision pages: the reference
// query, the GB 55015 and verification chips, how a published value is written.
import { Chip } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { formatNumber } from '../../calc/format';
import { MSG } from '../constants';
import { getReference, type PublishedLine, type ReferenceAnswer, type Verification } from './referenceApi';
import { VERIFICATION_LABELS } from '../../../schemas/factors/verification';

export const UNKNOWN = '未知';
export const DASH = '—';
export const OPERATION_UNIT = 'kgCO2/(m²·a)';

export const referenceKey = (projectId: number) => ['decide', 'reference', projectId] as const;

/** getReference, refusing an answer that is not a reference answer (a server without the route, a proxy page). */
export async function fetchReference(projectId: number, signal?: AbortSignal): Promise<ReferenceAnswer> {
  const a = await getReference(projectId, signal);
  if (!a || typeof a !== 'object' || !a.gb55015 || !a.building || !a.percentile || !Array.isArray(a.published))
    throw new Error(MSG.otherStatus);
  return a;
}

export const referenceQuery = (projectId: number) => ({
  queryKey: referenceKey(projectId),
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchReference(projectId, signal),
  retry: false,
});

export const useReference = (projectId: number) => useQuery(referenceQuery(projectId));

/** '372.40', '372.40–525.90' for a range, '未知' when neither is known (never 0). */
export function lineValueText(line: Pick<PublishedLine, 'value' | 'low' | 'high'>): string {
  if (line.value != null) return formatNumber(line.value);
  if (line.low != null && line.high != null) return `${formatNumber(line.low)}–${formatNumber(line.high)}`;
  return UNKNOWN;
}

export const valueText = (v: number | null | undefined) => (v == null ? DASH : formatNumber(v));

export const GB_STATUS = { pass: '满足', fail: '未满足', none: '待输入' } as const;

export const gbStatus = (pass: boolean | null) =>
  pass == null ? GB_STATUS.none : pass ? GB_STATUS.pass : GB_STATUS.fail;

export const GbChip = ({ pass }: { pass: boolean | null }) => (
  <Chip
    size="small"
    color={pass == null ? 'default' : pass ? 'success' : 'error'}
    label={gbStatus(pass)}
    data-testid="gb55015-chip"
  />
);

export const VerificationChip = ({ code, label }: { code: Verification | null; label?: string }) => {
  if (!code) return <>{DASH}</>;
  const color = code === 'V' || code === 'V2' ? 'success' : code === 'U' ? 'default' : 'warning';
  return <Chip size="small" variant="outlined" color={color} label={label || VERIFICATION_LABELS[code] || code} />;
};
