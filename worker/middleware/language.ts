import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from '../env';
import { DEFAULT_LANGUAGE, type Language } from '../../rules/i18n';
import { LANGUAGE_COOKIE, parseLanguage } from '../../rules/languages';

/**
 * The player's language of an API call (docs/platform-contract.md §1.2 `Language`): the `Language`
 * header the platform's clients send, else the `language` cookie (what the edge's own calls carry,
 * worker/edge/fills/api.ts languageHeaders, and what a browser's page language set), else the site's default
 * language (merchants.default_language, docs/sites.md; DEFAULT_LANGUAGE, EN, where no site is resolved). A value that is not one of contract/languageCodes.ts is skipped, never an error.
 * Answers that depend on it and may be cached say so with `Vary: Language, Cookie` (varyByLanguage).
 */
export function requestLanguage(c: Context<AppEnv>): Language {
  const site = c.get('merchant') as AppEnv['Variables']['merchant'] | undefined;
  return parseLanguage(c.req.header('Language')) ?? parseLanguage(getCookie(c, LANGUAGE_COOKIE)) ?? site?.defaultLanguage ?? DEFAULT_LANGUAGE;
}

/** Adds `Language` and `Cookie` to the answer's `Vary` (a shared cache keeps one answer per player language). */
export function varyByLanguage(c: Context<AppEnv>): void {
  c.header('Vary', 'Language, Cookie', { append: true });
}
