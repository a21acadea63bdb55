// The web's build drops the contract's OpenAPI-only words and forms, and nothing else.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dropDocCalls, dropSchemaDocs } from './drop-schema-docs.ts';

const CONTRACT = '/repo/packages/contract/src/media.ts';
const ROUTES = '/repo/packages/contract/src/routes/media.ts';

describe('dropSchemaDocs', () => {
  it('drops .describe and .meta calls, strings with brackets and nested objects included', () => {
    const code = [
      "const A = z.string().describe('A (one) [two] {three}').max(3);",
      "const B = z.object({ a: z.string() }).meta({ minProperties: 1, enum: ['', 'all', ...values] });",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: source text with a template literal in it
      'const C = z.string().meta(DATE_OR_BLANK).optional().describe(`x ${y} )`);',
    ].join('\n');
    expect(dropDocCalls(code)).toBe(
      [
        'const A = z.string().max(3);',
        'const B = z.object({ a: z.string() });',
        'const C = z.string().optional();',
      ].join('\n'),
    );
  });

  it('leaves a schema accepting and refusing what it did', () => {
    const source = "z.string().describe('a date').meta({ format: 'date' }).min(2, 'Too short')";
    const built = dropSchemaDocs(source, CONTRACT) ?? '';
    const schema = new Function('z', `return ${built}`)(z) as z.ZodString;
    expect(built).toBe("z.string().min(2, 'Too short')");
    expect(schema.safeParse('ab').success).toBe(true);
    expect(schema.safeParse('a').error?.issues[0]?.message).toBe('Too short');
  });

  it('drops the summary and refusals of route declarations, in route files only', () => {
    const route =
      "list: { method: 'GET', path: '/api/x', summary: 'List x (it\\'s paged)', errors: [409, 413], response: R },";
    expect(dropSchemaDocs(route, ROUTES)?.replace(/\s+/g, ' ')).toBe(
      "list: { method: 'GET', path: '/api/x', response: R },",
    );
    expect(dropSchemaDocs(route, CONTRACT)).toBe(route);
  });

  it('leaves every other file alone', () => {
    expect(dropSchemaDocs("z.string().describe('x')", '/repo/apps/web/src/lib/call.ts')).toBeNull();
  });
});
