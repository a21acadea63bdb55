// Device names from User-Agents that give only part of the story: a browser alone, a system alone, or neither.
import { describe, expect, it } from 'vitest';
import { describeDevice } from './devices.ts';

describe('describeDevice with part of a User-Agent', () => {
  it.each([
    ['curl/8.4.0', 'curl'],
    ['Mozilla/5.0 Firefox/128.0', 'Firefox'],
    ['Mozilla/5.0 (X11; Linux x86_64)', 'Linux'],
    ['Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)', 'iPad'],
    ['Mozilla/5.0', 'Unknown device'],
    ['SomeRadioPlayer/2.1', 'Unknown device'],
  ])('%s is %s', (userAgent, expected) => {
    expect(describeDevice(userAgent)).toBe(expected);
  });
});
