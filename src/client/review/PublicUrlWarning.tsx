// The last signer's warning before the report is frozen: when 系统公开访问地址 (全局配置 site.publicUrl) is not set,
// the QR code and the 核验页面 link printed in the signed report point to the address this page was opened at —
// which may be an intranet or a test address that readers of the report cannot reach.
import { Alert } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { getPublicUrl, type ReviewAnswer } from './reviewApi';

/** Whether the caller's signature now is the last one: it freezes the report. */
const signsLast = (r: ReviewAnswer) => r.can.approve && r.chain.at(-1)?.level === r.state;

export const PublicUrlWarning = ({ r }: { r: ReviewAnswer }) => {
  const last = signsLast(r);
  const setting = useQuery({
    queryKey: ['review', 'publicUrl'],
    queryFn: ({ signal }) => getPublicUrl(signal),
    enabled: last,
    retry: false,
    staleTime: 60_000,
  });
  if (!last || !setting.data || setting.data.publicUrl) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }} data-testid="public-url-warning">
      未设置系统公开访问地址（全局配置），二维码将指向当前访问地址 {window.location.origin}
      。若报告的读者无法访问该地址，可请系统管理员先在「全局配置」中设置“系统公开访问地址”（site.publicUrl），再签署。
    </Alert>
  );
};
