import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import selfsigned from 'selfsigned';

// The tests' push service speaks https, as every real one does, with a certificate made here on
// first use and kept in the ignored data folder. The server under test trusts it through
// NODE_EXTRA_CA_CERTS, which Node reads only as a process starts: so the test configurations
// import this module, which makes sure the file exists before any worker or server is started.

const dir = path.resolve(import.meta.dirname, '../../.data/push-service-tls');
const certFile = path.join(dir, 'cert.pem');
const keyFile = path.join(dir, 'key.pem');
const DAY_MS = 24 * 3600 * 1000;

function expired() {
  const cert = new crypto.X509Certificate(fs.readFileSync(certFile));
  return Date.parse(cert.validTo) < Date.now() + DAY_MS;
}

async function create() {
  const pems = await selfsigned.generate([{ name: 'commonName', value: 'Homeward test push service' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notBeforeDate: new Date(Date.now() - DAY_MS),
    notAfterDate: new Date(Date.now() + 365 * DAY_MS),
    extensions: [
      { name: 'basicConstraints', cA: true },
      { name: 'keyUsage', digitalSignature: true, keyCertSign: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] },
    ],
  });
  // Made aside and moved in whole: test runs that start together never read half a pair.
  const fresh = `${dir}-${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
  fs.mkdirSync(fresh, { recursive: true });
  fs.writeFileSync(path.join(fresh, 'cert.pem'), pems.cert);
  fs.writeFileSync(path.join(fresh, 'key.pem'), pems.private);
  try {
    fs.renameSync(fresh, dir);
  } catch {
    // Another run moved its pair in first: that one is used.
    fs.rmSync(fresh, { recursive: true, force: true });
  }
}

if (fs.existsSync(certFile) && expired()) fs.rmSync(dir, { recursive: true, force: true });
if (!fs.existsSync(keyFile)) await create();

/** The file of the certificate the test push service presents (for NODE_EXTRA_CA_CERTS). */
export const PUSH_SERVICE_CA = certFile;

/** The push service's certificate and key, for https.createServer. */
export const pushServiceTls = () => ({ cert: fs.readFileSync(certFile), key: fs.readFileSync(keyFile) });
