import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { CONNECT_FAILED, FETCH_FAILED, healthErrorMessage, testErrorMessage } from './errors';

describe('SPEC §8 diagnostics messages', () => {
  it('a server that answers but gives no report: Failed to fetch health data', () => {
    expect(FETCH_FAILED).toBe('Failed to fetch health data');
    expect(healthErrorMessage(new ApiError(500, 'Internal'))).toBe(FETCH_FAILED);
    expect(healthErrorMessage(new ApiError(200, 'Unexpected response from the server'))).toBe(FETCH_FAILED);
    expect(healthErrorMessage(new ApiError(404, 'No API route'))).toBe(FETCH_FAILED);
  });

  it('no answer at all: Failed to connect to diagnostics API', () => {
    expect(CONNECT_FAILED).toBe('Failed to connect to diagnostics API');
    expect(healthErrorMessage(new ApiError(0, 'Failed to fetch'))).toBe(CONNECT_FAILED);
    expect(healthErrorMessage(new ApiError(408, 'Request timeout'))).toBe(CONNECT_FAILED);
    expect(healthErrorMessage(new TypeError('boom'))).toBe(CONNECT_FAILED);
  });

  it('a failed test names the service and the reason, or Unknown error', () => {
    expect(testErrorMessage('Database', new ApiError(429, 'Tested too often, try again in a second'))).toBe(
      'Failed to test Database: Tested too often, try again in a second',
    );
    expect(testErrorMessage('Cache', new Error(''))).toBe('Failed to test Cache: Unknown error');
    expect(testErrorMessage('Cache', 'nope')).toBe('Failed to test Cache: Unknown error');
  });
});
