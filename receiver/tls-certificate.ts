import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import { bitString, booleanTrue, context, octetString, oid, sequence, set, smallInteger, time, unsignedInteger, utf8String } from './der.js';

/** A PEM key and the self-signed certificate (which is also the CA a sender must trust). */
export interface TlsMaterial {
  key: string;
  cert: string;
}

const ecdsaWithSha256 = sequence(oid('1.2.840.10045.4.3.2'));

/** The name of the certificate, as issuer and subject: CN=conformance-receiver. */
const receiverName = sequence(set(sequence(oid('2.5.4.3'), utf8String('conformance-receiver'))));

/** One extension: its id, whether critical, its DER value. */
function extension(id: string, value: Buffer, critical = false): Buffer {
  return sequence(oid(id), ...(critical ? [booleanTrue()] : []), octetString(value));
}

/** The 16 bytes of an IPv6 address in text form (with `::` and an IPv4 tail). */
function ipv6Bytes(ip: string): Buffer {
  const [head = '', tail] = ip.split('::');
  const groups = (part: string): number[] => (part === '' ? [] : part.split(':').flatMap((g) => (g.includes('.') ? ipv4Groups(g) : [Number.parseInt(g, 16)])));
  const start = groups(head);
  const end = tail === undefined ? [] : groups(tail);
  const all = [...start, ...Array<number>(8 - start.length - end.length).fill(0), ...end];
  return Buffer.from(all.flatMap((g) => [g >> 8, g & 0xff]));
}

function ipv4Groups(ip: string): number[] {
  const [a = 0, b = 0, c = 0, d = 0] = ip.split('.').map(Number);
  return [(a << 8) | b, (c << 8) | d];
}

/** A subjectAltName entry: iPAddress [7] for an IP, dNSName [2] for a name (RFC 5280 §4.2.1.6). */
function altName(name: string): Buffer {
  // an IPv6 address has a colon, a name never: net.isIP would compile its IPv6 pattern for "localhost" (6 ms of
  // every run's start, issue 28)
  const family = name.includes(':') ? (isIPv6(name) ? 6 : 0) : isIPv4(name) ? 4 : 0;
  if (family === 4) return context(7, false, Buffer.from(name.split('.').map(Number)));
  if (family === 6) return context(7, false, ipv6Bytes(name));
  return context(2, false, Buffer.from(name, 'ascii'));
}

const pem = (label: string, der: Buffer): string =>
  `-----BEGIN ${label}-----\n${
    der
      .toString('base64')
      .match(/.{1,64}/g)
      ?.join('\n') ?? ''
  }\n-----END ${label}-----\n`;

/**
 * Makes a fresh self-signed certificate for 127.0.0.1 and localhost plus `extraNames` (DNS names or IPs): a P-256 key
 * and an X.509 v3 certificate encoded here with node:crypto (the selfsigned package cost ~140 ms of the harness's
 * thread to load at every run's start; issue 28). Valid from an hour back (senders with a skewed clock) for 7 days.
 */
export async function makeTlsCertificate(extraNames: readonly string[] = []): Promise<TlsMaterial> {
  const names = [...new Set(['localhost', '127.0.0.1', ...extraNames])];
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const notBefore = new Date(Date.now() - 60 * 60 * 1000);
  const notAfter = new Date(notBefore.getTime() + 7 * 24 * 60 * 60 * 1000);
  const serial = randomBytes(16);
  serial[0] = ((serial[0] ?? 0) & 0x7f) | 0x40; // positive, 16 bytes, at most 20 (RFC 5280 §4.1.2.2)
  const extensions = sequence(
    extension('2.5.29.19', sequence()), // basicConstraints: not a CA
    extension('2.5.29.15', bitString(Buffer.from([0xa0]), 5)), // keyUsage: digitalSignature, keyEncipherment
    extension('2.5.29.37', sequence(oid('1.3.6.1.5.5.7.3.1'))), // extKeyUsage: serverAuth
    extension('2.5.29.17', sequence(...names.map(altName))), // subjectAltName
  );
  const tbs = sequence(
    context(0, true, smallInteger(2)), // v3
    unsignedInteger(serial),
    ecdsaWithSha256,
    receiverName,
    sequence(time(notBefore), time(notAfter)),
    receiverName,
    publicKey.export({ type: 'spki', format: 'der' }),
    context(3, true, extensions),
  );
  const certificate = sequence(tbs, ecdsaWithSha256, bitString(sign('sha256', tbs, privateKey)));
  return { key: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string, cert: pem('CERTIFICATE', certificate) };
}
