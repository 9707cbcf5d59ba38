// The `x-` keywords our schemas use for what JSON Schema itself cannot say.
// Declared once here and registered on every ajv instance (server, client, tests): Fastify's ajv is strict
// and refuses unknown keywords, so a keyword used in a schema but missing here fails at start, not at run time.
export const X_KEYWORDS = [
  // resource level
  'x-resource', // { path, route, scope, read, write, sort, defaultSort, menu, self, personal, rowLinks } — see schemas/types.ts ResourceMeta
  'x-rowWarning', // { field, when: 'emptyOrZero', message } — list rows flagged as a warning
  'x-stage', // calculation stage: { code, title, mode: table|form, result, methods, partField, renewableParts } — schemas/types.ts StageMeta
  'x-formula', // the row's emission in kgCO2e over its fields (src/calc/formula.ts); per method: { <method>: formula },
  //              and per part of x-stage.partField: { <method>: { <part>: formula, '*': the other parts } }
  'x-defaults', // { <field>: { value | from, when?, unit?, source } | [rule, …] (the first that applies) } — what the calculation fills in for an empty field,
  //              recorded with the row's trace as 默认值 (src/calc/trace.ts)
  'x-needs', // [{ check, field, message, methods? }] — a row is refused on save unless `check` (a formula) holds
  // property level
  'x-list', // true: a column shown by default in list pages; false: never a column
  'x-detail', // true: left out of list answers (a large JSON only the view of one record reads)
  'x-sortable', // the server accepts it as sortField
  'x-filter', // 'eq' | 'like' | 'range' — accepted as a list filter with that operator
  'x-sum', // true: a list answers the column's sum over every row of its filter (`sums`), not only over the page
  'x-dict', // dictionary code whose items label the values
  'x-enumLabels', // { <enum value>: label } — the words of an enum's codes where no dictionary gives them (计算方式 energy → 按总能源用量计算)
  'x-reference', // { resource, label } — a reference to another registry resource
  'x-decimals', // decimals to show (numbers default to 2)
  'x-import', // Excel column title for import/export
  'x-messages', // { <ajv keyword>: '<the spec's Chinese message>' } overrides the generated message
  'x-secret', // write-only secret (password): never stored in the resource table, never returned
  'x-widget', // form widget hint: 'textarea' | 'password' | 'image' | 'tree'
  'x-readonly', // server-maintained: shown, never taken from a client body (create: its default; update: kept)
  'x-virtual', // computed by the server on read (joined names, counts); never stored, ignored in bodies
  'x-trim', // surrounding white space removed before storing
  'x-parts', // [part…] — a field of those parts only (runtime: elevator inputs); forms show it for them
  'x-factor', // { type, smallType?, prefix? } — picks a factor-library row of that type; its value, unit and source are copied into <prefix>Value/Unit/Source
] as const;

export type XKeyword = (typeof X_KEYWORDS)[number];
