import { X509Certificate } from 'node:crypto';
import { once } from 'node:events';
import { createServer, request } from 'node:https';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { oid, time, unsignedInteger } from '../../receiver/der.js';
import { makeTlsCertificate } from '../../receiver/tls-certificate.js';

describe('the receiver certificate (encoded with node:crypto)', () => {
  it('is a self-signed X.509 v3 server certificate for localhost, 127.0.0.1 and the extra names, valid from an hour back for 7 days', async () => {
    const before = Date.now();
    const { cert } = await makeTlsCertificate(['hooks.conformance.example', '::1', '10.1.2.3', 'fe80::1:2']);
    const x509 = new X509Certificate(cert);
    expect(x509.subject).toBe('CN=conformance-receiver');
    expect(x509.issuer).toBe(x509.subject);
    expect(x509.verify(x509.publicKey)).toBe(true);
    expect(x509.ca).toBe(false);
    expect(x509.keyUsage).toEqual(['1.3.6.1.5.5.7.3.1']);
    expect(x509.publicKey.asymmetricKeyDetails).toEqual({ namedCurve: 'prime256v1' });
    expect(x509.subjectAltName).toBe(
      'DNS:localhost, IP Address:127.0.0.1, DNS:hooks.conformance.example, IP Address:0:0:0:0:0:0:0:1, IP Address:10.1.2.3, IP Address:FE80:0:0:0:0:0:1:2',
    );
    const from = Date.parse(x509.validFrom);
    expect(Math.abs(from - (before - 3_600_000))).toBeLessThan(5_000);
    expect(Date.parse(x509.validTo) - from).toBe(7 * 24 * 3_600_000);
    // a fresh key and serial every time
    expect(new X509Certificate((await makeTlsCertificate()).cert).serialNumber).not.toBe(x509.serialNumber);
  });

  it('serves HTTPS that a client trusting only this certificate accepts, by IP and by name', async () => {
    const { key, cert } = await makeTlsCertificate();
    const server = createServer({ key, cert }, (_req, res) => res.end('ok'));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    try {
      for (const servername of [undefined, 'localhost']) {
        const body = await new Promise<string>((resolve, reject) => {
          const req = request({ host: '127.0.0.1', port, ca: cert, ...(servername ? { servername } : {}) }, (res) => {
            let text = '';
            res.on('data', (chunk: Buffer) => (text += chunk.toString()));
            res.on('end', () => resolve(text));
          });
          req.on('error', reject);
          req.end();
        });
        expect(body).toBe('ok');
      }
    } finally {
      server.close();
    }
  });
});

describe('DER encodings (receiver/der.ts)', () => {
  it('encodes INTEGERs minimally (a padded one is refused by OpenSSL: "illegal padding"), OIDs and times as X.690 says', () => {
    expect(unsignedInteger(Buffer.from([0x00, 0x12, 0x34])).toString('hex')).toBe('02021234');
    expect(unsignedInteger(Buffer.from([0x00, 0x00, 0x92])).toString('hex')).toBe('02020092');
    expect(unsignedInteger(Buffer.from([0x92])).toString('hex')).toBe('02020092');
    expect(unsignedInteger(Buffer.from([0x00])).toString('hex')).toBe('020100');
    expect(oid('1.2.840.10045.4.3.2').toString('hex')).toBe('06082a8648ce3d040302');
    expect(time(new Date('2026-11-27T12:00:05Z')).toString('ascii', 2)).toBe('261127120005Z');
    expect(time(new Date('2050-01-01T00:00:00Z')).toString('ascii', 2)).toBe('20500101000000Z');
  });

  it('gives 300 certificates in a row that OpenSSL parses (a serial starting with a zero byte once broke 1 in 128)', async () => {
    for (let i = 0; i < 300; i++) expect(new X509Certificate((await makeTlsCertificate()).cert).subject).toBe('CN=conformance-receiver');
  });
});
