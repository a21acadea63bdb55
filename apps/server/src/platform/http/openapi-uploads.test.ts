// The two ways to send an upload, as the OpenAPI document tells a client: the raw body (with where its fields
// and name go) and multipart, on every route that takes a file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper.ts';

let t: TestApp;
let paths: Record<string, { post?: { requestBody?: { content: Record<string, { schema?: object }> } } }>;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  paths = res.json().paths;
});
afterAll(async () => {
  await t.close();
});

describe('upload routes in the OpenAPI document', () => {
  it.each(['/api/projects/{id}/tracks/{trackId}/versions', '/api/projects/{id}/files'])(
    '%s takes a raw body, described, or multipart with a file part',
    (path) => {
      const content = paths[path]?.post?.requestBody?.content;
      expect(content?.['application/octet-stream']?.schema).toMatchObject({
        type: 'string',
        format: 'binary',
        description: 'The file itself; the fields in the query string, the name in Content-Disposition.',
      });
      expect(content?.['multipart/form-data']?.schema).toMatchObject({
        properties: { file: { format: 'binary' } },
        required: expect.arrayContaining(['file']),
      });
    },
  );
});
