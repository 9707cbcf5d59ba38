// i18nProvider: Simplified Chinese only (the product is Chinese-language). Our own ra.* file + app texts +
// resource labels generated from the schemas.
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'ra-core';
import { raZhCN } from './zh-CN';
import { appMessages } from './appMessages';
import { buildResourceMessages } from './resourceMessages';

export const zhCNMessages: TranslationMessages = {
  ...raZhCN,
  ...appMessages,
  resources: buildResourceMessages(),
} as unknown as TranslationMessages;

const polyglot = polyglotI18nProvider(() => zhCNMessages, 'zh-CN', [{ locale: 'zh-CN', name: '简体中文' }], {
  allowMissing: true,
});

/** The counts of a page's range, with thousands separators as every other figure: 共 6,000 条, not 共 6000 条. */
const COUNTS = ['offsetBegin', 'offsetEnd', 'total'] as const;
const counted = (options?: Record<string, unknown>) => {
  if (!options || !COUNTS.some((k) => typeof options[k] === 'number')) return options;
  const out = { ...options };
  for (const k of COUNTS) if (typeof out[k] === 'number') out[k] = (out[k] as number).toLocaleString('en-US');
  return out;
};

export const i18nProvider = {
  ...polyglot,
  translate: (key: string, options?: Record<string, unknown>) => polyglot.translate(key, counted(options)),
};
