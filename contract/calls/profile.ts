import { z } from 'zod';
import { defineCall } from '../call';
import { FIELD_FORMATS } from '../fieldFormats';
import { LANGUAGES } from '../languageCodes';

/**
 * Profile edits of the member centre (issue 13, Member centre; accounts §7 "/wps/member/info (with sub-paths for
 * icon, nickname, email, payeename)"). Methods and bodies are not found in the platform's clients: PlayDeck
 * answers POST with a JSON body of the one field, module COMM3, value null. The fields follow the registration
 * formats (contract/fieldFormats.ts), so the form and the server check alike.
 */
const nickname = z.string().trim().refine((v) => FIELD_FORMATS.nickname(v), 'nickname: 1 to 20 characters');
const email = z.string().trim().refine((v) => FIELD_FORMATS.email(v), 'a plausible e-mail address under 255 characters');
const payeeName = z.string().trim().refine((v) => FIELD_FORMATS.payeeName(v), 'payee name: letters, as on the bank account');

/** The head icon as sent (form-encoded): a data URL of a PNG or JPEG picture. */
const iconDataUrl = z.string().max(400_000).regex(/^data:image\/(png|jpeg);base64,[A-Za-z0-9+/]+=*$/, 'a data URL of a png or jpg picture');

/** The profile calls. */
export const profileCalls = {
  /** GET the member's head icon → `{ url }` (null until one is set). 403 `free_reject`; 401. */
  headIcon: defineCall({
    name: 'headIcon', method: 'GET', path: '/wps/member/info/icon', moduleId: 'PROFPIC3', auth: 'member',
    value: z.object({ url: z.string().nullable() }), summary: 'The member\'s head icon (platform-contract.md §3 head icon, PROFPIC3).',
  }),
  /**
   * POST form-encoded `icon` = a data URL of the picture → `{ url }`. The type is decided by the bytes (png or jpg
   * only: 400 `image_invalid`); at most 256 KB and 512×512 pixels (400 `image_too_large`; the browser resizes to
   * 256×256 before sending). 400 `request_param_err`; 403 `free_reject`; 401.
   */
  setHeadIcon: defineCall({
    name: 'setHeadIcon', method: 'POST', path: '/wps/member/info/icon', moduleId: 'PROFPIC3', auth: 'member', form: true,
    body: z.object({ icon: iconDataUrl }), value: z.object({ url: z.string() }),
    summary: 'Set the head icon (platform-contract.md §3 head icon, PROFPIC3, form-encoded).',
  }),
  /** POST `{ nickname }` → null. 400 `request_param_err`; 403 `free_reject`; 401. */
  updateNickname: defineCall({
    name: 'updateNickname', method: 'POST', path: '/wps/member/info/nickname', moduleId: 'COMM3', auth: 'member',
    body: z.object({ nickname }), value: z.null(), summary: 'Change the nickname (accounts §7 member-info sub-path).',
  }),
  /** POST `{ email }` → null. 400 `request_param_err`; 403 `free_reject`; 401. */
  updateEmail: defineCall({
    name: 'updateEmail', method: 'POST', path: '/wps/member/info/email', moduleId: 'COMM3', auth: 'member',
    body: z.object({ email }), value: z.null(), summary: 'Change the bound e-mail address (accounts §7 member-info sub-path).',
  }),
  /**
   * POST `{ payeeName }` → null: sets the payee name once (the name withdrawals are paid to); a set name is changed
   * by customer service only (409 `payee_locked`). 400 `request_param_err`; 403 `free_reject`; 401.
   */
  updatePayeeName: defineCall({
    name: 'updatePayeeName', method: 'POST', path: '/wps/member/info/payeename', moduleId: 'COMM3', auth: 'member',
    body: z.object({ payeeName }), value: z.null(), summary: 'Set the payee name (accounts §7 member-info sub-path).',
  }),
  /**
   * PUT /wps/member/language (COMM3, token; platform-contract.md §3 "server-side language", §7.6) `{ language }` →
   * null: saves the member's interface language, one of the 27 codes the language picker offers (rules/languages.ts, contract/languageCodes.ts; case-insensitive,
   * stored upper case), read back as `language` of member info. 400 `request_param_err` for another code; 401.
   * Trial members may save one too.
   */
  updateLanguage: defineCall({
    name: 'updateLanguage', method: 'PUT', path: '/wps/member/language', moduleId: 'COMM3', auth: 'member',
    body: z.object({
      language: z.string().max(8).transform((s) => s.trim().toUpperCase()).pipe(z.enum(LANGUAGES, 'Expected a supported language code')),
    }),
    value: z.null(),
    summary: 'Save the member\'s interface language (platform-contract.md §3, §7.6).',
  }),
};
