// The product's name and version, shown by the client's title, the user manual and the changelog's newest entry.
export const APP_NAME = '碳算';
export const APP_VERSION = 'V3.3';
