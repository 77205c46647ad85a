/**
 * Kept so existing importers of `randomInt` keep compiling: the captcha is drawn as a PNG now
 * (services/captcha-image.ts) and the random helpers live in services/random.ts.
 */
export { randomInt } from '../kit/random';
