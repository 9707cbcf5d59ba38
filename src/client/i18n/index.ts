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

export const i18nProvider = polyglotI18nProvider(() => zhCNMessages, 'zh-CN', [{ locale: 'zh-CN', name: '简体中文' }], {
  allowMissing: true,
});
