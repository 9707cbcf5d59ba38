// /api/docs: the OpenAPI document generated from the registered routes' own JSON Schemas, its
// browsable page, both without a session; docs and static client routes hidden; generated, not a static file.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_VERSION } from '../../schemas/product';
import { resourceDef } from '../../src/server/db/registry';
import { createBodySchema, listQuery } from '../../src/server/resources/routeSchemas';
import { testApp, type TestApp } from './helpers';

const PROBE = '/api/test/v1/openapiProbe/:code';
const probeQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { depth: { type: 'integer', title: '深度', minimum: 1, maximum: 9 } },
} as const;

type Doc = {
  openapi: string;
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, any>>;
  components: Record<string, Record<string, any>>;
  security: Record<string, string[]>[];
  tags: { name: string; description?: string }[];
};

let t: TestApp;
let doc: Doc;
let clientDir: string;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

beforeAll(async () => {
  // a built client with a nested asset, so the static file routes exist and must stay out of the document
  clientDir = mkdtempSync(join(tmpdir(), 'tansuan-openapi-client-'));
  mkdirSync(join(clientDir, 'assets'));
  writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>碳算</title>');
  writeFileSync(join(clientDir, 'assets', 'app-123.js'), 'void 0;');
  t = await testApp({
    clientDir,
    // added after buildApp returned (before ready): appears only if the document is generated from the routes
    configure: (app) =>
      app.get<{ Params: { code: string } }>(
        PROBE,
        { schema: { querystring: probeQuery }, config: { writes: false } },
        async (req) => ({ code: 1, message: 'ok', data: req.params.code }),
      ),
  });
  const res = await t.call('GET', '/api/docs/json');
  expect(res.status).toBe(200);
  doc = res.body;
});
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((m) => ({ path, method: m, op: item[m] })),
  );

describe('the document', () => {
  it('is OpenAPI 3 with our title, version, envelope and Access-Token scheme', () => {
    expect(doc.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(doc.info).toMatchObject({ title: '碳算 API', version: APP_VERSION });
    expect(doc.info.description).toContain('{ code, message, data }');
    expect(Object.keys(doc.paths).length).toBeGreaterThan(50);
    expect(doc.components.securitySchemes.AccessToken).toEqual(
      expect.objectContaining({ type: 'apiKey', in: 'header', name: 'Access-Token' }),
    );
    expect(doc.security).toEqual([{ AccessToken: [] }]);
    expect(doc.components.schemas.Envelope.required).toEqual(['code', 'message', 'data']);
    for (const { path, method, op } of operations()) {
      expect(op.responses?.['200'], `${method} ${path}`).toBeDefined();
      expect(op.tags?.length, `${method} ${path}`).toBe(1);
      // every {param} of the path is described
      for (const [, name] of path.matchAll(/\{([^}]+)\}/g)) {
        expect(
          op.parameters?.some((p: { in: string; name: string }) => p.in === 'path' && p.name === name),
          `${method} ${path} {${name}}`,
        ).toBe(true);
      }
    }
  });

  it('has every local $ref resolvable', () => {
    const refs = JSON.stringify(doc).match(/"\$ref":"#\/[^"]+"/g) ?? [];
    expect(refs.length).toBeGreaterThan(0);
    for (const r of new Set(refs)) {
      const target = r
        .slice(9, -1)
        .split('/')
        .slice(1)
        .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], doc);
      expect(target, r).toBeDefined();
    }
  });

  it('holds login, a resource list, a stage calculation and an import upload', () => {
    const login = doc.paths['/api/sys/v1/sso/login'].post;
    expect(login.security).toEqual([]); // public: no lock
    expect(login.tags).toEqual(['登录与注册']);
    expect(login.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['userName', 'password']),
    );

    const list = doc.paths['/api/tpf/v1/tpf/tpf3Engineering/'].get;
    expect(list.tags).toEqual([resourceDef('tpf3Engineering').meta.title]);
    expect(list.security).toBeUndefined(); // the document's Access-Token applies
    expect(list.responses['401']).toEqual({ $ref: '#/components/responses/Unauthorized' });
    const names = list.parameters.filter((p: { in: string }) => p.in === 'query').map((p: { name: string }) => p.name);
    expect(names).toEqual(
      expect.arrayContaining(
        Object.keys((listQuery(resourceDef('tpf3Engineering').schema).schema as { properties: object }).properties),
      ),
    );

    const calc = doc.paths['/api/tpf/v1/tpf/stage/produce/calculate'].get;
    expect(calc.tags).toEqual([resourceDef('stageProduce').meta.title]);
    expect(calc.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ in: 'query', name: 'projectId', required: true })]),
    );

    const upload = doc.paths['/api/tpf/v1/tpf/stage/produce/fileUpload'].post;
    expect(upload.requestBody.content['multipart/form-data'].schema.properties.file).toMatchObject({
      type: 'string',
      format: 'binary',
    });
  });

  it("carries the building create route's body schema exactly as Fastify validates it", () => {
    const body = doc.paths['/api/tpf/v1/tpf/tpf3Project/'].post.requestBody.content['application/json'].schema;
    const validated = JSON.parse(JSON.stringify(createBodySchema(resourceDef('tpf3Project').schema)));
    expect(body).toEqual(validated);
    expect(Object.keys(body.properties).length).toBeGreaterThan(10);
  });

  it('is generated from the routes: one added to the app after building it is there', () => {
    const probe = doc.paths['/api/test/v1/openapiProbe/{code}'].get;
    expect(probe.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ in: 'path', name: 'code', required: true }),
        expect.objectContaining({
          in: 'query',
          name: 'depth',
          description: '深度',
          schema: { type: 'integer', title: '深度', minimum: 1, maximum: 9 },
        }),
      ]),
    );
    expect(probe.tags).toEqual(['其他']);
  });

  it('hides the docs routes and the static client files; keeps /upload/{id} without a lock', () => {
    const paths = Object.keys(doc.paths);
    expect(paths.filter((p) => p.startsWith('/api/docs'))).toEqual([]);
    expect(paths.filter((p) => !p.startsWith('/api/'))).toEqual(['/upload/{id}']);
    expect(doc.paths['/upload/{id}'].get.security).toEqual([]);
    expect(doc.paths['/upload/{id}'].get.responses['200']).toEqual({ $ref: '#/components/responses/File' });
  });
});

describe('the docs routes', () => {
  it('answer without a session, while the API still asks for one', async () => {
    const page = await t.call('GET', '/api/docs');
    expect(page.status).toBe(200);
    expect(page.res.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('swagger-ui-bundle.js');
    expect(page.res.headers['content-security-policy']).toContain("script-src 'self'");
    const asset = await t.call('GET', '/api/docs/static/swagger-ui-bundle.js');
    expect(asset.status).toBe(200);
    expect(asset.res.headers['content-type']).toContain('javascript');
    expect((await t.call('GET', '/api/docs/yaml')).body).toContain('title: 碳算 API');
    expect((await t.call('GET', '/api/tpf/v1/tpf/tpf3Engineering/')).status).toBe(401);
    expect((await t.call('GET', '/api/test/v1/openapiProbe/x')).status).toBe(401);
  });
});
