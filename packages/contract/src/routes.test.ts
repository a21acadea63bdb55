// Filling a declared route's path: each parameter encoded as one path segment, a missing one refused.
import { describe, expect, it } from 'vitest';
import { fillPath, type PathParams } from './routes.ts';

describe('fillPath', () => {
  it('fills every parameter, in place, once', () => {
    expect(fillPath('/api/clients/:id/projects/:projectId', { id: 'c1', projectId: 'p2' })).toBe(
      '/api/clients/c1/projects/p2',
    );
    expect(fillPath('/api/clients', {})).toBe('/api/clients');
  });

  it('encodes a value so it stays one segment', () => {
    expect(fillPath('/api/share/:token', { token: 'a/b?c#d e%' })).toBe('/api/share/a%2Fb%3Fc%23d%20e%25');
    expect(fillPath('/api/clients/:id', { id: '..' })).toBe('/api/clients/..');
  });

  it('refuses a missing, null or empty parameter rather than calling another route', () => {
    expect(() => fillPath('/api/clients/:id', {})).toThrow('/api/clients/:id needs its "id" parameter');
    expect(() => fillPath('/api/clients/:id', { id: null })).toThrow();
    expect(() => fillPath('/api/clients/:id/projects/:projectId', { id: 'c1', projectId: '' })).toThrow(
      'needs its "projectId" parameter',
    );
  });

  it('names the parameters of a path in its type', () => {
    const both: PathParams<'/api/clients/:id/projects/:projectId'>[] = ['id', 'projectId'];
    const none: PathParams<'/api/clients'>[] = [];
    expect([both, none]).toEqual([['id', 'projectId'], []]);
  });
});
