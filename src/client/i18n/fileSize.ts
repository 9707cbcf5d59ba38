// A file's size as people read it, for the pages that show a picked or stored file (BIM upload, backups).

/** '12.3 MB' / '850 KB'. */
export function fileSizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
