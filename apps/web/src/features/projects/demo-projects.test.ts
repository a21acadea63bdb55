import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS } from '../../lib/projects-api';
import { demoProject, demoProjects, filterDemo } from './demo-projects';

describe('demo mode', () => {
  it('has three sample projects, each titled as a sample', () => {
    const samples = demoProjects();
    expect(samples).toHaveLength(3);
    // Not the demo account's real project names (issue #32): nobody takes a sample for one of theirs.
    for (const p of samples) expect(p.title).toMatch(/^Sample /);
    for (const seeded of ['Midnight Frequencies', 'Golden Hour EP', 'Paper Boats (Single)'])
      expect(samples.map((p) => p.title)).not.toContain(seeded);
  });

  it('filters the samples as the server would', () => {
    const all = demoProjects();
    expect(filterDemo(all, { ...EMPTY_FILTERS, type: 'ep' }).map((p) => p.title)).toEqual(['Sample EP']);
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
