import { CallRouter } from './call-router';
import { accountsCalls } from '../../contract/calls/accounts';
import { ok } from '../lib/envelope';
import { registerSettings } from '../services/accounts/registration-settings';

/**
 * Router for /wps/system/setting (platform-contract.md §3 registration settings; accounts §3 "Registration
 * validation rules", §5). No session needed.
 * - GET /register (REG3) → map field → `{ enabled, required, acceptedPattern ("*" = any), patternId, minLength,
 *   maxLength, type }` for all 20 spec fields, in display order (services/registration-settings.ts). The form
 *   shows `reg_pattern_<patternId>` when a value fails its rule; the server checks by the same rules.
 */
export const registerSettingsRouter = new CallRouter('/wps/system/setting').serve(accountsCalls.registerSettings, async (c) => ok(c, await registerSettings(c.env.DB, c.var.merchant.code)));
