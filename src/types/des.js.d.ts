/**
 * Types of the parts of `des.js` (pure-JS DES, the one browserify's DES builds on) that PlayDeck uses: DES-ECB
 * for the platform's legacy payload encryption (worker/services/crypto/legacy-crypto.ts). The package ships no types.
 */
declare module 'des.js' {
  interface DesCipher {
    update(data: ArrayLike<number>): number[];
    final(data?: ArrayLike<number>): number[];
  }
  interface DesOptions {
    type: 'encrypt' | 'decrypt';
    key: ArrayLike<number>;
    padding?: boolean;
  }
  const des: { DES: { create(options: DesOptions): DesCipher } };
  export default des;
}
