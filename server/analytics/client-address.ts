import type { IncomingMessage } from 'node:http';
import proxyAddr from 'proxy-addr';

/**
 * The client address of a raw request as Express's `req.ip` gives it, under the same TRUST_PROXY setting: page
 * views are counted before Express sees the request (early-hits.ts), and must hash the same address the lead
 * endpoint later sees, or a lead could not be linked to its visit.
 */
export function clientAddressOf(trustProxy: boolean | number | string): (req: IncomingMessage) => string {
  const trust: (address: string, hop: number) => boolean =
    trustProxy === true
      ? () => true
      : trustProxy === false
        ? () => false
        : typeof trustProxy === 'number'
          ? (_address, hop) => hop < trustProxy
          : proxyAddr.compile(trustProxy.split(',').map((s) => s.trim()));
  return (req) => proxyAddr(req, trust);
}
