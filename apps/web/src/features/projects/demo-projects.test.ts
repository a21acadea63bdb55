import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS } from './api';
import { demoProject, demoProjects, filterDemo } from './demo-projects';

describe('demo mode', () => {
  it('has three sample projects', () => {
    expect(demoProjects()).toHaveLength(3);
  });

  it('filters the samples as the server would', () => {
    const all = demoProjects();
    expect(filterDemo(all, { ...EMPTY_FILTERS, type: 'ep' }).map((p) => p.title)).toEqual(['Golden Hour EP']);
    expect(filterDemo(all, { ...EMPTY_FILTERS, genre: 'pop' })).toHaveLength(1);
    expect(filterDemo(all, { ...EMPTY_FILTERS, search: 'RHODES' })).toHaveLength(1);
    expect(filterDemo(all, { ...EMPTY_FILTERS, search: 'acoustic', status: 'mastering' })).toHaveLength(1);
    expect(filterDemo(all, { ...EMPTY_FILTERS, search: 'zzz' })).toEqual([]);
  });

  it('makes local projects from the form', () => {
    const p = demoProject({ title: 'Sketch', description: '', type: 'single', genre: ['jazz'] });
    expect(p).toMatchObject({
      title: 'Sketch',
      type: 'single',
      metadata: { genre: ['jazz'] },
      access: 'owner',
    });
  });
});
