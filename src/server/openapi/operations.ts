// Per-route and whole-document touches on what @fastify/swagger generates from the routes' own schemas:
// groups and summaries from the URL, no lock on public routes, the multipart bodies Fastify does not validate
// (uploads are read part by part), and the envelope responses every operation answers with.
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { summaryOf, tagDescription, tagOf, tagRank } from './tags';

type Transform = NonNullable<FastifyDynamicSwaggerOptions['transform']>;
type TransformObject = NonNullable<FastifyDynamicSwaggerOptions['transformObject']>;
type Json = Record<string, unknown>;

/** Upload routes: multipart bodies read with req.parts()/req.file(), so no body schema to generate from. */
const UPLOADS: [suffix: string, body: Json][] = [
  [
    '/fileUpload',
    {
      type: 'object',
      required: ['file'],
      properties: {
        file: { type: 'string', format: 'binary', description: '按导入模板填写的 Excel 文件（.xlsx）' },
        projectId: { type: 'integer', minimum: 1, description: '单体建筑 id（单体的阶段数据必填）' },
      },
    },
  ],
  [
    '/folderFile',
    {
      type: 'object',
      required: ['file'],
      properties: { file: { type: 'string', format: 'binary', description: '头像图片（PNG/JPEG）' } },
    },
  ],
  [
    '/screenshot',
    {
      type: 'object',
      required: ['file'],
      properties: { file: { type: 'string', format: 'binary', description: '截图（PNG/JPEG）' } },
    },
  ],
];

/**
 * No session needed: marked public, or outside /api (the guard covers /api only; /upload/:id carries its own token).
 */
const isOpen = (url: string, config: unknown) =>
  (config as { public?: boolean } | undefined)?.public === true || !url.startsWith('/api/');

export const transform: Transform = ({ schema, url, route }) => {
  const s: Json = { ...(schema as Json | undefined) };
  // static client files (and anything else outside /api without a schema) are not API
  if (s.hide || (!url.startsWith('/api/') && !schema)) return { schema: { ...s, hide: true }, url };
  const method = String(Array.isArray(route.method) ? route.method[0] : route.method);
  s.tags ??= [tagOf(url)];
  const summary = s.summary ?? summaryOf(method, url);
  if (summary) s.summary = summary;
  if (isOpen(url, route.config)) s.security = [];
  const upload = method === 'POST' && !s.body ? UPLOADS.find(([suffix]) => url.endsWith(suffix)) : undefined;
  if (upload) {
    s.consumes = ['multipart/form-data'];
    s.body = upload[1];
  }
  return { schema: s, url };
};

const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/** The envelope responses, and the tag list in the page's order (tags.ts). */
export const transformObject: TransformObject = (documentObject) => {
  const doc = ('openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject) as Json;
  const tags: string[] = [];
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, Json>)) {
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      for (const t of (op.tags as string[] | undefined) ?? []) if (!tags.includes(t)) tags.push(t);
      // a parameter's Chinese title shown as its description (the schema itself stays as validated)
      for (const p of (op.parameters as Json[] | undefined) ?? []) {
        const title = (p.schema as Json | undefined)?.title;
        if (!p.description && typeof title === 'string') p.description = title;
      }
      const open = Array.isArray(op.security) && op.security.length === 0;
      const responses = { ...(op.responses as Record<string, Json> | undefined) };
      if (!responses['200'] || responses['200'].description === 'Default Response')
        responses['200'] = ref(path.startsWith('/api/') ? 'Ok' : 'File');
      if (op.requestBody || op.parameters) responses['400'] ??= ref('BadRequest');
      if (!open) {
        responses['401'] ??= ref('Unauthorized');
        responses['403'] ??= ref('Forbidden');
      }
      if (path.includes('{')) responses['404'] ??= ref('NotFound');
      op.responses = responses;
    }
  }
  doc.tags = tags
    .sort((a, b) => tagRank(a) - tagRank(b))
    .map((name) => {
      const description = tagDescription(name);
      return description ? { name, description } : { name };
    });
  return doc as ReturnType<TransformObject>;
};
