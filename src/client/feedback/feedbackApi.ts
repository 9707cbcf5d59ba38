// src/client/feedback/ owns 问题反馈 on the client: /feedback for every user (the form and
// 我的反馈 with the administrator's replies) and /sys/feedback for the super admin (every feedback, a status
// filter and the reply dialog). Records go through the data provider (resource sysFeedback); this file holds
// what it does not: the screenshot upload, the client-side screenshot check and the status/type texts.
import type { SysFeedback } from '../../../schemas/index';
import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '../account/rules';
import { apiFetch, apiUrl } from '../providers/httpClient';

export const FEEDBACK_ROUTE = '/feedback';
export const FEEDBACK_ADMIN_ROUTE = '/sys/feedback';
export const SCREENSHOT_TYPES = AVATAR_TYPES;

/** A feedback as the API answers it (sysFeedback's schema). */
export type Feedback = SysFeedback & { id: number; createDate?: string };

/** dict feedbackStatus (the chip's text and colour). */
export const FEEDBACK_STATUS: Record<string, { label: string; color: 'warning' | 'success' }> = {
  '0': { label: '待处理', color: 'warning' },
  '1': { label: '已处理', color: 'success' },
};

/** null when the file may be sent as a screenshot, else the message (the server checks the bytes again). */
export function screenshotError(file: File): string | null {
  if (file.type && !SCREENSHOT_TYPES.includes(file.type)) return '截图只支持 PNG、JPEG 或 WebP 图片';
  if (file.size > AVATAR_MAX_BYTES) return '截图不能超过 2M';
  return null;
}

/** POST …/sysFeedback/screenshot (multipart `file`) → the screenshot's link. */
export function uploadScreenshot(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  return apiFetch<string>(apiUrl('sys/v1/sys/sysFeedback/screenshot'), { method: 'POST', body: form });
}
