// src/client/help/ owns the help side of the shell: the user manual download (用户手册),
// /timeline 版本说明 (the changelog kept as data in changelog.json), and the footer on every page (the
// technical-service text from 全局配置, the version, the feedback link). This file: the help calls.
import { useQuery } from '@tanstack/react-query';
import { apiFetch, apiUrl } from '../providers/httpClient';
import { download } from '../providers/download';

export interface SiteInfo {
  footer: string;
}

/** GET sys/v1/sys/sysConfig/site → { footer }; a failure leaves the footer without the provider text. */
export async function fetchSite(): Promise<SiteInfo> {
  try {
    const data = await apiFetch<Partial<SiteInfo> | null>(apiUrl('sys/v1/sys/sysConfig/site'));
    return { footer: typeof data?.footer === 'string' ? data.footer : '' };
  } catch {
    return { footer: '' };
  }
}

export function useSite(): SiteInfo {
  const { data } = useQuery({ queryKey: ['site'], queryFn: fetchSite, staleTime: 10 * 60_000, retry: false });
  return data ?? { footer: '' };
}

/** GET sys/v1/help/manual → a short-lived link to the PDF manual, then the download. Throws the message to show. */
export async function downloadManual(): Promise<void> {
  const url = await apiFetch<string>(apiUrl('sys/v1/help/manual'));
  if (!url) throw new Error('用户手册暂不可用');
  download(url);
}
