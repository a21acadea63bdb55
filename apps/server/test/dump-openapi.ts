// Writes the OpenAPI document of a test app to the path given (a tool for looking at it, and for Redocly).
import { writeFileSync } from 'node:fs';
import { createTestApp } from './helper.ts';

const t = await createTestApp();
const res = await t.app.inject({ url: '/api/openapi.json' });
writeFileSync(process.argv[2] ?? '/tmp/openapi.json', JSON.stringify(res.json(), null, 2));
await t.close();
