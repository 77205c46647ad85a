import { getJackpot } from '../../api/content';
import { createFetcher } from '../kit/fetcher';
import { $language } from '../concepts/language';
import '../concepts/session'; // connects the API client to the session (src/api imports no store)

/**
 * The home jackpot banner's figure (rules/jackpot.ts; docs/honest-money.md, Jackpot): the amount in minor units, or
 * null to hide the banner. One key ('home'); loaded when the banner first asks for it.
 */
export const jackpot = createFetcher<number | null>((_key, _language, signal) => getJackpot(signal), $language);
