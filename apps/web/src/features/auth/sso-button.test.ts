// The SSO button marks a sign-in as expected under the key the API client reads (lib/api.ts), written out in
// the button's file to keep the client out of its chunk: the two must stay the same.
import { expect, it } from 'vitest';
import { SIGNED_IN_KEY } from '../../lib/api';
import { SSO_SIGNED_IN_KEY } from './sso-button';

it('marks the sign-in under the key the API client reads', () => {
  expect(SSO_SIGNED_IN_KEY).toBe(SIGNED_IN_KEY);
});
