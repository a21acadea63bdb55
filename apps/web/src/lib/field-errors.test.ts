import { describe, expect, it } from 'vitest';
import { meansDemoMode as clientsDemoMode } from '../features/clients/errors';
import { meansDemoMode as projectsDemoMode } from '../features/projects/project-errors';
import { ApiError } from './api';
import { fieldErrorsOf, firstFieldError } from './field-errors';

// A refusal exactly as the server writes it (packages/contract/src/envelope.ts).
const refusal = (code: string, details?: { path: string; message: string }[]) => ({
  success: false,
  message: 'Validation failed',
  error: { code, ...(details ? { details } : {}) },
});

describe('ApiError reads the contract error envelope', () => {
  it('exposes the code, the details and the server message', () => {
    const error = new ApiError(
      400,
      'Validation failed',
      refusal('VALIDATION_ERROR', [{ path: 'title', message: 'Title is required' }]),
    );
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.details).toEqual([{ path: 'title', message: 'Title is required' }]);
    expect(error.serverMessage).toBe('Validation failed');
  });

  it('has no code or details when the body is not the envelope', () => {
    for (const body of [
      null,
      '<html>',
      { message: 'x' },
      { success: false, message: 'm', error: { code: 'NOPE' } },
    ]) {
      const error = new ApiError(502, 'Bad gateway', body);
      expect(error.code).toBeNull();
      expect(error.details).toEqual([]);
    }
    expect(new ApiError(502, 'Bad gateway', { message: '  ' }).serverMessage).toBeUndefined();
  });
});

describe('fieldErrorsOf', () => {
  const error = new ApiError(
    400,
    'Validation failed',
    refusal('VALIDATION_ERROR', [
      { path: 'genres.2', message: 'Genre is too long' },
      { path: 'genres.3', message: 'Genre is empty' },
      { path: 'email', message: 'Invalid email' },
    ]),
  );

  it('keys each message by its path, the first message per key winning', () => {
    expect(fieldErrorsOf(error)).toEqual({
      'genres.2': 'Genre is too long',
      'genres.3': 'Genre is empty',
      email: 'Invalid email',
    });
    expect(fieldErrorsOf(error, (path) => path.replace(/\.\d+$/, ''))).toEqual({
      genres: 'Genre is too long',
      email: 'Invalid email',
    });
  });

  it('is empty for anything but a refusal with details', () => {
    expect(fieldErrorsOf(new Error('boom'))).toEqual({});
    expect(fieldErrorsOf(new ApiError(404, 'Not found', refusal('NOT_FOUND')))).toEqual({});
    expect(firstFieldError(error)).toBe('Genre is too long');
    expect(firstFieldError(new ApiError(404, 'Not found', refusal('NOT_FOUND')))).toBeUndefined();
    expect(firstFieldError('no')).toBeUndefined();
  });
});

describe('demo mode is decided by the code, not the wording', () => {
  it('switches on UNAUTHORIZED whatever the message says', () => {
    const unauthorized = new ApiError(403, 'Please sign in again', refusal('UNAUTHORIZED'));
    expect(clientsDemoMode(unauthorized)).toBe(true);
    expect(projectsDemoMode(unauthorized)).toBe(true);
    const forbidden = new ApiError(403, 'You cannot do that', refusal('FORBIDDEN'));
    expect(clientsDemoMode(forbidden)).toBe(false);
    expect(projectsDemoMode(forbidden)).toBe(false);
  });
});
