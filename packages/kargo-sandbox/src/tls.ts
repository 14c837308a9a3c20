/**
 * A self-signed CA certificate for 127.0.0.1/localhost, generated at startup
 * so HTTPS clients can be tested with `caData` (the same PEM acts as the CA).
 */
import selfsigned from 'selfsigned';

export function generateCertificate(): { key: string; cert: string } {
  const pems = selfsigned.generate(
    [{ name: 'commonName', value: 'kargo-sandbox' }],
    {
      days: 30,
      keySize: 2048,
      algorithm: 'sha256',
      extensions: [
        { name: 'basicConstraints', cA: true, critical: true },
        {
          name: 'keyUsage',
          keyCertSign: true,
          digitalSignature: true,
          keyEncipherment: true,
          critical: true,
        },
        { name: 'extKeyUsage', serverAuth: true },
        {
          name: 'subjectAltName',
          altNames: [
            { type: 7, ip: '127.0.0.1' },
            { type: 2, value: 'localhost' },
          ],
        },
      ],
    },
  );
  return { key: pems.private, cert: pems.cert };
}
