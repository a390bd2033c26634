// The container's own health check: GET the path given (/api/health or /api/ready) on this process,
// at PORT (3000 by default) and over HTTPS when TLS_CERT_FILE is set, as the server itself serves.
// Exits 0 on a 2xx answer within five seconds, 1 otherwise. No packages: it runs in the image as is.
//   node scripts/health-probe.mjs /api/ready
import http from 'node:http';
import https from 'node:https';

const path = process.argv[2] ?? '/api/health';
const port = Number(process.env.PORT ?? 3000);
const secure = Boolean(process.env.TLS_CERT_FILE);
const request = (secure ? https : http).get(
  // The certificate names the public address, not this loopback one; the probe asks only itself.
  { host: '127.0.0.1', port, path, timeout: 5000, ...(secure ? { rejectUnauthorized: false } : {}) },
  (response) => {
    response.resume();
    process.exit(response.statusCode >= 200 && response.statusCode < 300 ? 0 : 1);
  },
);
request.on('timeout', () => request.destroy(new Error('timed out')));
request.on('error', () => process.exit(1));
