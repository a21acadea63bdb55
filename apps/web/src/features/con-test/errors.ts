// SPEC §8 Diagnostics: what each failure of the diagnostics calls says.
import { ApiError } from '../../lib/api';

export const FETCH_FAILED = 'Failed to fetch health data';
export const CONNECT_FAILED = 'Failed to connect to diagnostics API';

/** The report could not be read: no answer at all (network, timeout), or an answer that was not a report. */
export function healthErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status !== 0 && error.status !== 408) return FETCH_FAILED;
  return CONNECT_FAILED;
}

/** 'Failed to test {service}: {reason or Unknown error}'. */
export function testErrorMessage(service: string, error: unknown): string {
  const reason = error instanceof Error && error.message.trim() ? error.message : 'Unknown error';
  return `Failed to test ${service}: ${reason}`;
}
