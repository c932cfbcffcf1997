import { truncateIp } from '../core/client-ip.ts';

/** What a session was signed in from, as the Staff pages show it: never the full address or user agent. */
export interface SessionDevice {
  browser: string;
  system: string;
  /** The address's network (IPv4 /24, IPv6 /48), or '' when unknown. */
  network: string;
}

/** Most specific first: Edge and Opera say "Chrome" too, Chrome says "Safari". */
const BROWSERS: Array<[RegExp, string]> = [
  [/Edg(?:e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Version\/[\d.]+.*Safari\//, 'Safari'],
];
const SYSTEMS: Array<[RegExp, string]> = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

const first = (list: Array<[RegExp, string]>, text: string) => list.find(([pattern]) => pattern.test(text))?.[1] ?? '';

/** The browser and system a user agent names, and the address's network; unknown parts are ''. */
export function describeDevice(userAgent: string | undefined, ip: string | undefined): SessionDevice {
  const ua = userAgent ?? '';
  return { browser: first(BROWSERS, ua), system: first(SYSTEMS, ua), network: (ip && truncateIp(ip)) || '' };
}
