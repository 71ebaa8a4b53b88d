import { isIP } from 'node:net';

/** A PEM key and the self-signed certificate (which is also the CA a sender must trust). */
export interface TlsMaterial {
  key: string;
  cert: string;
}

/** Makes a fresh self-signed certificate for 127.0.0.1 and localhost plus `extraNames` (DNS names or IPs). */
export async function makeTlsCertificate(extraNames: readonly string[] = []): Promise<TlsMaterial> {
  const names = ['localhost', '127.0.0.1', ...extraNames];
  const altNames = [...new Set(names)].map((name) => (isIP(name) ? { type: 7 as const, ip: name } : { type: 2 as const, value: name }));
  const notBeforeDate = new Date(Date.now() - 60 * 60 * 1000); // an hour back, for senders with a skewed clock
  // loaded here, not at start: it takes about as long to load as the rest of a --list
  const { generate } = (await import('selfsigned')).default;
  const pems = await generate([{ name: 'commonName', value: 'conformance-receiver' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate,
    notAfterDate: new Date(notBeforeDate.getTime() + 7 * 24 * 60 * 60 * 1000),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames },
    ],
  });
  return { key: pems.private, cert: pems.cert };
}
