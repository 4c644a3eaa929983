import net from 'node:net';

/** Whether `host` is this machine: localhost, 127.0.0.0/8 or ::1. */
export function isLoopback(host: string) {
  const bare = host.replace(/^\[|\]$/g, '');
  if (bare === 'localhost' || bare.endsWith('.localhost')) return true;
  if (net.isIPv4(bare)) return bare.startsWith('127.');
  if (net.isIPv6(bare)) return bare === '::1' || /^::ffff:127\./i.test(bare);
  return false;
}
