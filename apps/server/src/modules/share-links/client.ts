// A coarse client for the access log: the browser and operating-system families of a user agent, never the
// user agent itself (it is close to a fingerprint) nor the address.

const BROWSERS: [RegExp, string][] = [
  // A browser without a window: an automated check or a link preview, not a person listening.
  [/\bHeadlessChrome\//, 'Headless Chrome'],
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const familyOf = (ua: string, table: [RegExp, string][]) =>
  table.find(([pattern]) => pattern.test(ua))?.[1] ?? 'Other';

export interface CoarseClient {
  browser: string;
  os: string;
}

export function coarseClient(userAgent: string | undefined): CoarseClient {
  const ua = (userAgent ?? '').slice(0, 512);
  return { browser: familyOf(ua, BROWSERS), os: familyOf(ua, SYSTEMS) };
}
