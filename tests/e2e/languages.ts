import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';

/**
 * The languages a flow is tried in (docs/design.md, Languages): English, left to right, and Arabic, right to left.
 * A flow's test runs once per language (`for (const lang of LANGUAGES) test(…)`), reading the texts the site shows
 * from `locales/` by message key, so a test names no English string twice and a missing translation shows.
 */
export const LANGUAGES = ['EN', 'AR'] as const;

/** One of {@link LANGUAGES}. */
export type TestLanguage = (typeof LANGUAGES)[number];

const locales = new Map<TestLanguage, Record<string, string>>();

function messages(lang: TestLanguage): Record<string, string> {
  let found = locales.get(lang);
  if (!found) {
    found = JSON.parse(readFileSync(`locales/${lang.toLowerCase()}.json`, 'utf8')) as Record<string, string>;
    locales.set(lang, found);
  }
  return found;
}

/**
 * A message key's text in `lang` as the site shows it: the locale's text, else English; `{site}` is the demo
 * site's name (PlayDeck) and other `{name}` placeholders come from `params` as plain strings. Throws on a key no
 * locale has, so a renamed key fails the test at once instead of matching nothing.
 */
export function text(lang: TestLanguage, key: string, params: Record<string, string> = {}): string {
  const found = messages(lang)[key] || messages('EN')[key];
  if (!found) throw new Error(`no message key ${key}`);
  return found.replace(/\{(\w+)\}/g, (match, name: string) => params[name] ?? (name === 'site' ? 'PlayDeck' : match));
}

/** `path` asking for `lang` (`?lang=`): the page answers in it and sets the language cookie for the pages after. */
export function inLanguage(path: string, lang: TestLanguage): string {
  const url = new URL(path, 'http://site.invalid');
  url.searchParams.set('lang', lang.toLowerCase());
  return url.pathname + url.search;
}

/** The page on screen is in `lang`: `<html lang>` and its direction (`dir="rtl"` for Arabic). */
export async function expectLanguage(page: Page, lang: TestLanguage): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', lang.toLowerCase());
  await expect(page.locator('html')).toHaveAttribute('dir', lang === 'AR' ? 'rtl' : 'ltr');
}
