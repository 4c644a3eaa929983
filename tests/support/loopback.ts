import net from 'node:net';
import os from 'node:os';

const bareHost = (host: string) => host.replace(/^\[|\]$/g, '');

/** Whether `host` is this machine: localhost, 127.0.0.0/8 or ::1. */
export function isLoopback(host: string) {
  const bare = bareHost(host);
  if (bare === 'localhost' || bare.endsWith('.localhost')) return true;
  if (net.isIPv4(bare)) return bare.startsWith('127.');
  if (net.isIPv6(bare)) return bare === '::1' || /^::ffff:127\./i.test(bare);
  return false;
}

/**
 * Whether a connection to `host` stays on this machine: loopback, or one of this machine's own
 * network addresses (how another machine would reach a server here, which a test may try).
 */
export function isThisMachine(host: string) {
  if (isLoopback(host)) return true;
  const bare = bareHost(host);
  return Object.values(os.networkInterfaces()).some((addresses) => addresses?.some((a) => a.address === bare));
}
