// The single sign-on settings (config-oidc.ts): all four or none, https (http only for this machine), and
// PASSWORD_LOGIN=0 only with single sign-on, each mistake stopping the start with one line naming the setting.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseEnv } from '../../config.ts';

const OIDC = {
  OIDC_ISSUER: 'https://id.example.com',
  OIDC_CLIENT_ID: 'mixdesk',
  OIDC_CLIENT_SECRET: 'a-client-secret',
  OIDC_NAME: 'Acme SSO',
};
const dataDir = () => mkdtempSync(path.join(tmpdir(), 'mixdesk-oidc-config-'));
const without = (name: keyof typeof OIDC) =>
  Object.fromEntries(Object.entries(OIDC).filter(([k]) => k !== name));

describe('single sign-on settings', () => {
  it('none of them: no single sign-on, and password sign-in on', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.oidc).toBeUndefined();
    expect(config.passwordLogin).toBe(true);
  });

  it('all four: the provider the app signs people in with', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), ...OIDC, PASSWORD_LOGIN: '0' });
    expect(config.oidc).toEqual({
      issuer: 'https://id.example.com',
      clientId: 'mixdesk',
      clientSecret: 'a-client-secret',
      name: 'Acme SSO',
    });
    expect(config.passwordLogin).toBe(false);
  });

  it.each([
    [without('OIDC_ISSUER'), 'OIDC_ISSUER must be set when OIDC_CLIENT_ID is'],
    [without('OIDC_CLIENT_ID'), 'OIDC_CLIENT_ID must be set when OIDC_ISSUER is'],
    [without('OIDC_CLIENT_SECRET'), 'OIDC_CLIENT_SECRET must be set when OIDC_ISSUER is'],
    [without('OIDC_NAME'), 'OIDC_NAME must be set when OIDC_ISSUER is'],
    [{ OIDC_NAME: 'Acme SSO' }, 'OIDC_ISSUER must be set when OIDC_NAME is'],
    [{ ...OIDC, OIDC_ISSUER: 'http://id.example.com' }, 'OIDC_ISSUER must be an https:// URL'],
    [{ ...OIDC, OIDC_ISSUER: 'id.example.com' }, 'OIDC_ISSUER must be a URL starting with https://'],
    [{ ...OIDC, OIDC_NAME: 'x'.repeat(41) }, 'OIDC_NAME must be at most 40 characters'],
    [{ PASSWORD_LOGIN: '0' }, 'PASSWORD_LOGIN must stay on (1) unless single sign-on is set up'],
    [{ ...OIDC, PASSWORD_LOGIN: 'off' }, 'PASSWORD_LOGIN must be 0 or 1'],
  ])('a partial or wrong setting (%o) stops the start with one line', (env, message) => {
    expect(() => parseEnv(env)).toThrow(ConfigError);
    expect(() => parseEnv(env)).toThrow(message);
  });

  it('takes http:// only for a provider on this machine', () => {
    for (const issuer of ['http://localhost:8080', 'http://127.0.0.1:9000/realms/dev', 'http://[::1]:4000'])
      expect(parseEnv({ ...OIDC, OIDC_ISSUER: issuer }).OIDC_ISSUER).toBe(issuer);
  });

  it('a name at the limit (40 characters) is taken', () => {
    expect(parseEnv({ ...OIDC, OIDC_NAME: 'x'.repeat(40) }).OIDC_NAME).toHaveLength(40);
  });
});
