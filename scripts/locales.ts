/**
 * Locale report (docs/design.md "Locales"; accounts §9 the 27 interface languages): whether every EN key has its
 * description for translators (locales/descriptions.json) and, for each language other than EN, whether
 * locales/<code>.json exists and which keys are missing, extra, empty, with other placeholders or still in English.
 * `npm run locales` — exit code 0 when the descriptions and every locale are complete, 1 otherwise.
 */
import { existsSync, readFileSync } from 'node:fs';
import { LANGUAGE_TAGS, LANGUAGES } from '../contract/languageCodes.ts';
import { checkDescriptions, checkLocale, describeDescriptionReport, describeLocaleReport } from '../src/lib/localeCheck.ts';

const en = JSON.parse(readFileSync('locales/en.json', 'utf8')) as Record<string, string>;
let incomplete = 0;
console.log(`EN: ${Object.keys(en).length} keys`);
const descriptionProblems = describeDescriptionReport(
  checkDescriptions(en, JSON.parse(readFileSync('locales/descriptions.json', 'utf8')) as Record<string, unknown>),
);
console.log(descriptionProblems.length ? 'locales/descriptions.json:' : 'locales/descriptions.json: every key described');
for (const line of descriptionProblems) console.log(`  ${line}`);
for (const code of LANGUAGES.filter((c) => c !== 'EN')) {
  const file = `locales/${code.toLowerCase()}.json`;
  let lines: string[];
  if (!existsSync(file)) {
    lines = ['file missing'];
  } else {
    try {
      lines = describeLocaleReport(checkLocale(en, JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>, LANGUAGE_TAGS[code]));
    } catch (error) {
      lines = [`not valid JSON: ${(error as Error).message}`];
    }
  }
  if (lines.length) incomplete += 1;
  console.log(lines.length ? `${code} ${file}:` : `${code} ${file}: complete`);
  for (const line of lines) console.log(`  ${line}`);
}
console.log(incomplete ? `${incomplete} of ${LANGUAGES.length - 1} locales incomplete` : 'every locale is complete');
process.exitCode = incomplete || descriptionProblems.length ? 1 : 0;
