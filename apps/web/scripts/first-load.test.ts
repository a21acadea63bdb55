// The build's first-load figure: the entry chunk and what it imports statically, never what it imports lazily.
import { describe, expect, it } from 'vitest';
import { firstLoadFiles } from './first-load.mjs';

const manifest = {
  'index.html': {
    file: 'assets/index-a1.js',
    isEntry: true,
    imports: ['_react-b2.js', '_query-c3.js'],
    dynamicImports: ['src/features/documents/documents-page.tsx'],
    css: ['assets/index-d4.css'],
  },
  '_react-b2.js': { file: 'assets/react-b2.js' },
  '_query-c3.js': { file: 'assets/query-c3.js', imports: ['_react-b2.js', '_shared-e5.js'] },
  '_shared-e5.js': { file: 'assets/shared-e5.js' },
  'src/features/documents/documents-page.tsx': {
    file: 'assets/documents-page-f6.js',
    isDynamicEntry: true,
    imports: ['_react-b2.js', '_pdf-g7.js'],
    css: ['assets/documents-h8.css'],
  },
  '_pdf-g7.js': { file: 'assets/pdf-g7.js' },
};

describe('firstLoadFiles', () => {
  it('is the entry and its static imports, transitively, each once', () => {
    expect(firstLoadFiles(manifest)).toEqual({
      scripts: ['assets/index-a1.js', 'assets/react-b2.js', 'assets/query-c3.js', 'assets/shared-e5.js'],
      styles: ['assets/index-d4.css'],
    });
  });

  it('leaves out lazily loaded chunks and what only they import', () => {
    const { scripts, styles } = firstLoadFiles(manifest);
    expect(scripts).not.toContain('assets/documents-page-f6.js');
    expect(scripts).not.toContain('assets/pdf-g7.js');
    expect(styles).not.toContain('assets/documents-h8.css');
  });

  it('refuses a manifest without exactly one entry, or with a missing chunk', () => {
    expect(() => firstLoadFiles({ 'a.js': { file: 'a.js' } })).toThrow(/one entry/);
    expect(() =>
      firstLoadFiles({ 'index.html': { file: 'i.js', isEntry: true, imports: ['_gone.js'] } }),
    ).toThrow(/_gone\.js/);
  });
});
