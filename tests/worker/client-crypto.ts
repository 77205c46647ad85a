import des from 'des.js';

/**
 * The platform's own mobile client's payload encryption, emulated step by step (platform-contract.md §1.6, §7.1),
 * so that worker tests log in, register and change passwords exactly as that client does, and fail where it fails.
 *
 * What the client does (its encryption module and the RSA/big-integer library it loads as globals, read from its
 * public bundle; the library is the classic "RSA.js / BigInt.js / Barrett.js" trio):
 * 1. fetches the key text with `GET /wps/session/key/rsa?_=<epoch ms>` and `Cache-Control: no-cache`;
 * 2. draws a 16-character key, each character `floor(61 × random)` into its own 61-character alphabet
 *    (`0–9`, `A–Z` with `T` twice and no `Y`, `a–z` without `j`: the library's typo, kept);
 * 3. `setMaxDigits(130)`, `new RSAKeyPair("10001", "", keyText)`, `encryptedString(pair, key reversed)`: the
 *    reversed key's char codes, zero-filled to a multiple of `chunkSize = 2 × highIndex(n)` bytes, packed
 *    two bytes to a 16-bit digit LITTLE-endian (so the reversed key reads back as the key, big-endian), raised to
 *    e = 65537 by Barrett reduction, each block as unpadded hex, blocks joined by one space;
 * 4. DES-ECB/PKCS#7 of `JSON.stringify(payload)` (UTF-8), keyed by `CryptoJS.enc.Utf8.parse(key)` (DES reads its
 *    first 8 bytes), base64;
 * 5. sends `{ "value": "<base64>" }` as JSON with `Encryption: <RSA hex>`, `X-Digest: <base64>` and
 *    `X-RSA: <the key text as fetched>` (the newer form; the mobile client's transport never sends the older raw
 *    body). Its other headers (bare Authorization, Merchant, Language, X-Real-UA, ModuleId) are the caller's.
 *
 * The big-number routine is a faithful port, not a BigInt shortcut: numbers are arrays of 16-bit digits that
 * start as copies of a `maxDigits`-long zero array (130 here), and every read past what was written yields
 * `undefined` exactly as in the client's JavaScript (`undefined + n` is NaN, `NaN & 0xffff` is 0, copies into a
 * fresh number stop at its 130 digits). With a modulus of up to 1024 bits (64 digits; Barrett needs b^(2k) =
 * digit 128) everything fits and the result is textbook RSA. With a longer one, b^(2k) lies past digit 129 and the
 * shifts and products silently drop digits: the client sends a ciphertext nobody can decrypt, and so does this.
 */

/** The client's digit arithmetic constants (BigInt.js). */
const biRadixBits = 16;
const bitsPerDigit = biRadixBits;
const biRadix = 1 << 16;
const biHalfRadix = biRadix >>> 1;
const biRadixSquared = biRadix * biRadix;
const maxDigitVal = biRadix - 1;
const highBitMasks = [0, 0x8000, 0xc000, 0xe000, 0xf000, 0xf800, 0xfc00, 0xfe00, 0xff00, 0xff80, 0xffc0, 0xffe0, 0xfff0, 0xfff8, 0xfffc, 0xfffe, 0xffff];
const lowBitMasks = [0, 0x1, 0x3, 0x7, 0xf, 0x1f, 0x3f, 0x7f, 0xff, 0x1ff, 0x3ff, 0x7ff, 0xfff, 0x1fff, 0x3fff, 0x7fff, 0xffff];
const hexToChar = '0123456789abcdef';

/** The client's `setMaxDigits(130)` before every `RSAKeyPair` (§7.1). */
export const CLIENT_MAX_DIGITS = 130;
/** The client's key alphabet (its `rndString`), 61 characters, typo included. */
export const CLIENT_KEY_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXTZabcdefghiklmnopqrstuvwxyz';

/** A number of the client's library: digits least significant first; holes read as `undefined`, as in JS. */
interface Big {
  digits: number[];
  isNeg: boolean;
}

let zeroArray: number[] = [];
let bigOne: Big = { digits: [1], isNeg: false };

/**
 * A digit as the client's code reads it: `undefined` past the written digits. Typed `number` because the JS
 * arithmetic that follows (NaN, `& 0xffff` → 0, `>>> 16` → 0) is exactly the client's behaviour.
 */
const at = (digits: readonly number[], i: number): number => digits[i] as number;

/**
 * Guard against the client's library looping forever on a number it has corrupted (its own comments warn that
 * a wrong `setMaxDigits` can hang the browser): past this many subtraction steps the emulation gives up, which
 * for the caller is the same as the client never getting a usable ciphertext out.
 */
const LOOP_LIMIT = 1_000_000;

function setMaxDigits(value: number): void {
  zeroArray = new Array<number>(value).fill(0);
  bigOne = newBig();
  bigOne.digits[0] = 1;
}

function newBig(): Big {
  return { digits: zeroArray.slice(0), isNeg: false };
}

function biCopy(x: Big): Big {
  return { digits: x.digits.slice(0), isNeg: x.isNeg };
}

function charToHex(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 65 && c <= 90) return 10 + c - 65;
  if (c >= 97 && c <= 122) return 10 + c - 97;
  return 0;
}

function hexToDigit(s: string): number {
  let result = 0;
  const sl = Math.min(s.length, 4);
  for (let i = 0; i < sl; ++i) {
    result <<= 4;
    result |= charToHex(s.charCodeAt(i));
  }
  return result;
}

function biFromHex(s: string): Big {
  const result = newBig();
  for (let i = s.length, j = 0; i > 0; i -= 4, ++j) result.digits[j] = hexToDigit(s.substr(Math.max(i - 4, 0), Math.min(i, 4)));
  return result;
}

function digitToHex(n: number): string {
  let result = '';
  let v = n;
  for (let i = 0; i < 4; ++i) {
    result += hexToChar[v & 0xf];
    v >>>= 4;
  }
  return [...result].reverse().join('');
}

function biHighIndex(x: Big): number {
  let result = x.digits.length - 1;
  while (result > 0 && x.digits[result] === 0) --result;
  return result;
}

function biToHex(x: Big): string {
  let result = '';
  for (let i = biHighIndex(x); i > -1; --i) result += digitToHex(at(x.digits, i));
  return result;
}

function biNumBits(x: Big): number {
  const n = biHighIndex(x);
  let d = at(x.digits, n);
  const m = (n + 1) * bitsPerDigit;
  let result: number;
  for (result = m; result > m - bitsPerDigit && (d & 0x8000) === 0; --result) d <<= 1;
  return result;
}

function biAdd(x: Big, y: Big): Big {
  let result: Big;
  if (x.isNeg !== y.isNeg) {
    y.isNeg = !y.isNeg;
    result = biSubtract(x, y);
    y.isNeg = !y.isNeg;
  } else {
    result = newBig();
    let c = 0;
    for (let i = 0; i < x.digits.length; ++i) {
      const n = at(x.digits, i) + at(y.digits, i) + c;
      result.digits[i] = n % biRadix;
      c = Number(n >= biRadix);
    }
    result.isNeg = x.isNeg;
  }
  return result;
}

function biSubtract(x: Big, y: Big): Big {
  let result: Big;
  if (x.isNeg !== y.isNeg) {
    y.isNeg = !y.isNeg;
    result = biAdd(x, y);
    y.isNeg = !y.isNeg;
  } else {
    result = newBig();
    let c = 0;
    for (let i = 0; i < x.digits.length; ++i) {
      const n = at(x.digits, i) - at(y.digits, i) + c;
      result.digits[i] = n % biRadix;
      if (at(result.digits, i) < 0) result.digits[i] = at(result.digits, i) + biRadix;
      c = 0 - Number(n < 0);
    }
    if (c === -1) {
      c = 0;
      for (let i = 0; i < x.digits.length; ++i) {
        const n = 0 - at(result.digits, i) + c;
        result.digits[i] = n % biRadix;
        if (at(result.digits, i) < 0) result.digits[i] = at(result.digits, i) + biRadix;
        c = 0 - Number(n < 0);
      }
      result.isNeg = !x.isNeg;
    } else {
      result.isNeg = x.isNeg;
    }
  }
  return result;
}

function biMultiply(x: Big, y: Big): Big {
  const result = newBig();
  const n = biHighIndex(x);
  const t = biHighIndex(y);
  for (let i = 0; i <= t; ++i) {
    let c = 0;
    let k = i;
    for (let j = 0; j <= n; ++j, ++k) {
      const uv = at(result.digits, k) + at(x.digits, j) * at(y.digits, i) + c;
      result.digits[k] = uv & maxDigitVal;
      c = uv >>> biRadixBits;
    }
    result.digits[i + n + 1] = c;
  }
  result.isNeg = x.isNeg !== y.isNeg;
  return result;
}

function biMultiplyDigit(x: Big, y: number): Big {
  const result = newBig();
  const n = biHighIndex(x);
  let c = 0;
  for (let j = 0; j <= n; ++j) {
    const uv = at(result.digits, j) + at(x.digits, j) * y + c;
    result.digits[j] = uv & maxDigitVal;
    c = uv >>> biRadixBits;
  }
  result.digits[1 + n] = c;
  return result;
}

function arrayCopy(src: readonly number[], srcStart: number, dest: number[], destStart: number, n: number): void {
  const m = Math.min(srcStart + n, src.length);
  for (let i = srcStart, j = destStart; i < m; ++i, ++j) dest[j] = at(src, i);
}

function biShiftLeft(x: Big, n: number): Big {
  const digitCount = Math.floor(n / bitsPerDigit);
  const result = newBig();
  arrayCopy(x.digits, 0, result.digits, digitCount, result.digits.length - digitCount);
  const bits = n % bitsPerDigit;
  const rightBits = bitsPerDigit - bits;
  let i = result.digits.length - 1;
  for (let i1 = i - 1; i > 0; --i, --i1) {
    result.digits[i] = ((at(result.digits, i) << bits) & maxDigitVal) | ((at(result.digits, i1) & at(highBitMasks, bits)) >>> rightBits);
  }
  result.digits[0] = (at(result.digits, i) << bits) & maxDigitVal;
  result.isNeg = x.isNeg;
  return result;
}

function biShiftRight(x: Big, n: number): Big {
  const digitCount = Math.floor(n / bitsPerDigit);
  const result = newBig();
  arrayCopy(x.digits, digitCount, result.digits, 0, x.digits.length - digitCount);
  const bits = n % bitsPerDigit;
  const leftBits = bitsPerDigit - bits;
  for (let i = 0, i1 = 1; i < result.digits.length - 1; ++i, ++i1) {
    result.digits[i] = (at(result.digits, i) >>> bits) | ((at(result.digits, i1) & at(lowBitMasks, bits)) << leftBits);
  }
  const last = result.digits.length - 1;
  result.digits[last] = at(result.digits, last) >>> bits;
  result.isNeg = x.isNeg;
  return result;
}

function biMultiplyByRadixPower(x: Big, n: number): Big {
  const result = newBig();
  arrayCopy(x.digits, 0, result.digits, n, result.digits.length - n);
  return result;
}

function biDivideByRadixPower(x: Big, n: number): Big {
  const result = newBig();
  arrayCopy(x.digits, n, result.digits, 0, result.digits.length - n);
  return result;
}

function biModuloByRadixPower(x: Big, n: number): Big {
  const result = newBig();
  arrayCopy(x.digits, 0, result.digits, 0, n);
  return result;
}

function biCompare(x: Big, y: Big): number {
  if (x.isNeg !== y.isNeg) return 1 - 2 * Number(x.isNeg);
  for (let i = x.digits.length - 1; i >= 0; --i) {
    const a = at(x.digits, i);
    const b = at(y.digits, i);
    if (a !== b) return x.isNeg ? 1 - 2 * Number(a > b) : 1 - 2 * Number(a < b);
  }
  return 0;
}

function biDivideModulo(x: Big, yIn: Big): [Big, Big] {
  let y = yIn;
  let nb = biNumBits(x);
  let tb = biNumBits(y);
  const origYIsNeg = y.isNeg;
  let q: Big;
  let r: Big;
  if (nb < tb) {
    if (x.isNeg) {
      q = biCopy(bigOne);
      q.isNeg = !y.isNeg;
      x.isNeg = false;
      y.isNeg = false;
      r = biSubtract(y, x);
      x.isNeg = true;
      y.isNeg = origYIsNeg;
    } else {
      q = newBig();
      r = biCopy(x);
    }
    return [q, r];
  }
  q = newBig();
  r = x;
  let t = Math.ceil(tb / bitsPerDigit) - 1;
  let lambda = 0;
  while (at(y.digits, t) < biHalfRadix) {
    y = biShiftLeft(y, 1);
    ++lambda;
    ++tb;
    t = Math.ceil(tb / bitsPerDigit) - 1;
  }
  r = biShiftLeft(r, lambda);
  nb += lambda;
  const n = Math.ceil(nb / bitsPerDigit) - 1;
  let b = biMultiplyByRadixPower(y, n - t);
  let steps = 0;
  while (biCompare(r, b) !== -1) {
    if (++steps > LOOP_LIMIT) throw new Error('the client library loops forever on this modulus');
    q.digits[n - t] = at(q.digits, n - t) + 1;
    r = biSubtract(r, b);
  }
  for (let i = n; i > t; --i) {
    const ri = i >= r.digits.length ? 0 : at(r.digits, i);
    const ri1 = i - 1 >= r.digits.length ? 0 : at(r.digits, i - 1);
    const ri2 = i - 2 >= r.digits.length ? 0 : at(r.digits, i - 2);
    const yt = t >= y.digits.length ? 0 : at(y.digits, t);
    const yt1 = t - 1 >= y.digits.length ? 0 : at(y.digits, t - 1);
    const qi = i - t - 1;
    q.digits[qi] = ri === yt ? maxDigitVal : Math.floor((ri * biRadix + ri1) / yt);
    let c1 = at(q.digits, qi) * (yt * biRadix + yt1);
    let c2 = ri * biRadixSquared + (ri1 * biRadix + ri2);
    while (c1 > c2) {
      if (++steps > LOOP_LIMIT) throw new Error('the client library loops forever on this modulus');
      q.digits[qi] = at(q.digits, qi) - 1;
      c1 = at(q.digits, qi) * ((yt * biRadix) | yt1);
      c2 = ri * biRadix * biRadix + (ri1 * biRadix + ri2);
    }
    b = biMultiplyByRadixPower(y, qi);
    r = biSubtract(r, biMultiplyDigit(b, at(q.digits, qi)));
    if (r.isNeg) {
      r = biAdd(r, b);
      q.digits[qi] = at(q.digits, qi) - 1;
    }
  }
  r = biShiftRight(r, lambda);
  q.isNeg = x.isNeg !== origYIsNeg;
  if (x.isNeg) {
    q = origYIsNeg ? biAdd(q, bigOne) : biSubtract(q, bigOne);
    y = biShiftRight(y, lambda);
    r = biSubtract(y, r);
  }
  if (at(r.digits, 0) === 0 && biHighIndex(r) === 0) r.isNeg = false;
  return [q, r];
}

/** Barrett reduction as the client's Barrett.js sets it up: k digits, mu = ⌊b^(2k) / m⌋, b^(k+1). */
class BarrettMu {
  readonly modulus: Big;
  readonly k: number;
  readonly mu: Big;
  readonly bkplus1: Big;

  constructor(m: Big) {
    this.modulus = biCopy(m);
    this.k = biHighIndex(this.modulus) + 1;
    const b2k = newBig();
    b2k.digits[2 * this.k] = 1;
    this.mu = biDivideModulo(b2k, this.modulus)[0];
    this.bkplus1 = newBig();
    this.bkplus1.digits[this.k + 1] = 1;
  }

  modulo(x: Big): Big {
    const q1 = biDivideByRadixPower(x, this.k - 1);
    const q2 = biMultiply(q1, this.mu);
    const q3 = biDivideByRadixPower(q2, this.k + 1);
    const r1 = biModuloByRadixPower(x, this.k + 1);
    const r2term = biMultiply(q3, this.modulus);
    const r2 = biModuloByRadixPower(r2term, this.k + 1);
    let r = biSubtract(r1, r2);
    if (r.isNeg) r = biAdd(r, this.bkplus1);
    let steps = 0;
    while (biCompare(r, this.modulus) >= 0) {
      if (++steps > LOOP_LIMIT) throw new Error('the client library loops forever on this modulus');
      r = biSubtract(r, this.modulus);
    }
    return r;
  }

  multiplyMod(x: Big, y: Big): Big {
    return this.modulo(biMultiply(x, y));
  }

  powMod(x: Big, y: Big): Big {
    let result = newBig();
    result.digits[0] = 1;
    let a = x;
    let k = y;
    for (;;) {
      if ((at(k.digits, 0) & 1) !== 0) result = this.multiplyMod(result, a);
      k = biShiftRight(k, 1);
      if (at(k.digits, 0) === 0 && biHighIndex(k) === 0) break;
      a = this.multiplyMod(a, a);
    }
    return result;
  }
}

/** The client's `new RSAKeyPair(e, d, m)` (radix 16). */
interface RsaKeyPair {
  e: Big;
  m: Big;
  chunkSize: number;
  barrett: BarrettMu;
}

function rsaKeyPair(encryptionExponent: string, modulus: string): RsaKeyPair {
  const m = biFromHex(modulus);
  return { e: biFromHex(encryptionExponent), m, chunkSize: 2 * biHighIndex(m), barrett: new BarrettMu(m) };
}

/** The client's `encryptedString(key, s)`: zero-filled chunks, little-endian digit packing, hex blocks. */
function encryptedString(key: RsaKeyPair, s: string): string {
  const a: number[] = [];
  let i = 0;
  for (; i < s.length; i++) a[i] = s.charCodeAt(i);
  while (a.length % key.chunkSize !== 0) a[i++] = 0;
  let result = '';
  for (i = 0; i < a.length; i += key.chunkSize) {
    const block = newBig();
    let j = 0;
    for (let k = i; k < i + key.chunkSize; ++j) {
      block.digits[j] = at(a, k++);
      block.digits[j] = at(block.digits, j) + (at(a, k++) << 8);
    }
    result += `${biToHex(key.barrett.powMod(block, key.e))} `;
  }
  return result.substring(0, result.length - 1);
}

/** The client's `rndString()`: 16 characters, each `floor(61 × random)` into its alphabet. */
export function clientRandomKey(random: () => number = Math.random): string {
  let key = '';
  for (let i = 0; i < 16; i++) {
    const index = Math.floor(CLIENT_KEY_ALPHABET.length * random());
    key += CLIENT_KEY_ALPHABET.substring(index, index + 1);
  }
  return key;
}

/**
 * The `Encryption` header value as the client computes it: `setMaxDigits(130)`, `new RSAKeyPair("10001", "",
 * modulusHex)`, `encryptedString(pair, key reversed)`. Throws where the client's library would hang.
 */
export function clientRsa(modulusHex: string, key: string): string {
  setMaxDigits(CLIENT_MAX_DIGITS);
  return encryptedString(rsaKeyPair('10001', modulusHex), [...key].reverse().join(''));
}

function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** `CryptoJS.DES.encrypt(text, Utf8.parse(key), { mode: ECB, padding: Pkcs7 }).toString()`: base64. */
export function clientDes(text: string, key: string): string {
  const plain = new TextEncoder().encode(text);
  const pad = 8 - (plain.length % 8);
  const padded = new Uint8Array(plain.length + pad);
  padded.set(plain);
  padded.fill(pad, plain.length);
  const cipher = des.DES.create({ type: 'encrypt', key: new TextEncoder().encode(key).slice(0, 8), padding: false });
  return bytesToBase64(Uint8Array.from([...cipher.update(padded), ...cipher.final()]));
}

/**
 * Encrypts a body as the platform's mobile client sends it (see above): `payload` (a string is sent as is,
 * anything else `JSON.stringify`-ed), `modulusHex` = the key text exactly as `GET /wps/session/key/rsa` answered
 * it, `randomKey` = the 16-character key (default: drawn like the client's `rndString`). Returns the headers the
 * encryption adds (`Content-Type: application/json`, `Encryption`, `X-Digest`, `X-RSA`) and the raw body text
 * `{"value":"<base64>"}`. With a modulus over 1024 bits the `Encryption` header is garbage, as the client's is.
 */
export function clientEncrypt(payload: unknown, modulusHex: string, randomKey?: string): { headers: Record<string, string>; body: string } {
  const text = typeof payload === 'string' ? payload : JSON.stringify(payload);
  const key = randomKey ?? clientRandomKey();
  const rsa = clientRsa(modulusHex, key);
  const digest = clientDes(text, key);
  return {
    headers: { 'Content-Type': 'application/json', Encryption: rsa, 'X-Digest': digest, 'X-RSA': modulusHex },
    body: JSON.stringify({ value: digest }),
  };
}

/**
 * How the client reads a customer-service path of the status or domain-route answer (§1.6.6, §7.4): its
 * `desDecrypt(rest, key)` with `key` = the last 8 characters: `CryptoJS.DES.decrypt({ ciphertext: Base64.parse(rest)
 * }, Utf8.parse(key), { mode: ECB, padding: Pkcs7 }).toString(Utf8)`. Like CryptoJS, the padding is dropped by the
 * last byte's value without checking it, and text that is not UTF-8 throws; a plain path therefore reads as an
 * empty string or throws, as it does in the client (here: `atob` throws on what is not base64).
 */
export function clientServicePath(text: string): string {
  const key = text.slice(-8);
  const rest = text.slice(0, -8);
  const bytes = Uint8Array.from(atob(rest), (c) => c.charCodeAt(0));
  const whole = bytes.slice(0, bytes.length - (bytes.length % 8));
  if (whole.length === 0) return '';
  const cipher = des.DES.create({ type: 'decrypt', key: new TextEncoder().encode(key).slice(0, 8), padding: false });
  const plain = Uint8Array.from([...cipher.update(whole), ...cipher.final()]);
  const unpadded = plain.slice(0, Math.max(0, plain.length - (plain[plain.length - 1] ?? 0)));
  return new TextDecoder('utf-8', { fatal: true }).decode(unpadded);
}
