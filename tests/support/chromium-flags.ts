/**
 * The flags every automated Chromium of ours starts with, for the browser tests and the bench: no
 * sandbox (it runs in containers), no GPU, and none of the background traffic (QUIC, updates,
 * sync) that would add requests of its own to what is measured or waited for.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
