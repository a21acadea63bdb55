import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import {
  listErrorMessage,
  meansDemoMode,
  SERVICE_NOT_FOUND,
  saveErrorMessage,
  UNREACHABLE,
} from './project-errors';

describe('SPEC §8 Projects messages', () => {
  it('a server that cannot be reached', () => {
    expect(listErrorMessage(new ApiError(0, 'Failed to fetch'))).toBe(UNREACHABLE);
    expect(listErrorMessage(new ApiError(408, 'Request timeout'))).toBe(UNREACHABLE);
    expect(UNREACHABLE).toBe(
      'Unable to connect to the server. Please check your internet connection and try again.',
    );
  });

  it('a 404', () => {
    expect(listErrorMessage(new ApiError(404, 'Not Found'))).toBe(SERVICE_NOT_FOUND);
  });

  it('other failures say their message, else the fallbacks', () => {
    expect(listErrorMessage(new ApiError(500, 'Database is down'))).toBe('Database is down');
    expect(listErrorMessage(new ApiError(500, ''))).toBe('Failed to load projects');
    expect(listErrorMessage(new ApiError(200, 'Unexpected response from the server'))).toBe(
      'Failed to fetch projects',
    );
    expect(saveErrorMessage(new ApiError(400, 'Title must be less than 200 characters'))).toBe(
      'Title must be less than 200 characters',
    );
    expect(saveErrorMessage(new Error(''))).toBe('Failed to save project');
  });

  it('a missing or refused token means demo mode', () => {
    expect(meansDemoMode(new ApiError(401, 'Authentication required'))).toBe(true);
    expect(meansDemoMode(new ApiError(403, 'Access token required'))).toBe(true);
    expect(meansDemoMode(new ApiError(500, 'Boom'))).toBe(false);
    expect(meansDemoMode(new Error('Access token required'))).toBe(false);
  });
});
