import { describe, expect, it } from 'vitest';
import { derive, hashPassword, verifyPassword } from '../../../worker/services/crypto/password';

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
const bytes = (text: string) => new TextEncoder().encode(text);
const base64 = (data: Uint8Array) => btoa(String.fromCharCode(...data)).replace(/=+$/, '');

// RFC 7914 §12 test vectors, run inside workerd: the runtime's scrypt is the algorithm the stored hashes name.
describe('scrypt in the worker runtime', () => {
  it('matches the RFC 7914 vector N=1024, r=8, p=16', async () => {
    const key = await derive('password', bytes('NaCl'), 10, 8, 16, 64);
    expect(hex(key)).toBe(
      'fdbabe1c9d3472007856e7190d01e9fe7c6ad7cbc8237830e77376634b3731622eaf30d92e22a3886ff109279d9830dac727afb94a83ee6d8360cbdfa2cc0640',
    );
  });

  it('verifies a stored hash made from the RFC 7914 vector N=16384, r=8, p=1, and refuses another password', async () => {
    const key =
      '7023bdcb3afd7348461c06cd81fd38ebfda8fbba904f8e3ea9b543f6545da1f2d5432955613f0fcf62d49705242a9af9e61e85dc0d651e40dfcf017b45575887';
    const keyBytes = Uint8Array.from(key.match(/../g) ?? [], (h) => parseInt(h, 16));
    const stored = `$scrypt$ln=14,r=8,p=1$${base64(bytes('SodiumChloride'))}$${base64(keyBytes)}`;
    expect(await verifyPassword('pleaseletmein', stored)).toBe(true);
    expect(await verifyPassword('pleaseletmeout', stored)).toBe(false);
  });

  it('hashes with a fresh salt each time and verifies what it made', async () => {
    const [a, b] = [await hashPassword('abc123'), await hashPassword('abc123')];
    expect(a).toMatch(/^\$scrypt\$ln=14,r=8,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('abc123', a)).toBe(true);
    // NFKC: full-width digits are the same password.
    expect(await verifyPassword('abc１２３', a)).toBe(true);
    expect(await verifyPassword('abc124', a)).toBe(false);
  });

  it('answers false, after the same work, for a missing or unreadable hash', async () => {
    expect(await verifyPassword('abc123', null)).toBe(false);
    expect(await verifyPassword('abc123', '$scrypt$ln=30,r=8,p=1$AAAA$BBBB')).toBe(false);
  });
});
