/**
 * Error codes of the platform envelope's `errorCode` (platform-contract.md §1.5). The platform's own codes are
 * used wherever it has one; PlayDeck's own stable snake_case codes only where it has none. The union is the
 * type of every `ApiError` the worker throws, so a code that is not listed here does not compile.
 */

/** Codes the platform itself answers (platform-contract.md §1.5). */
export const PLATFORM_ERROR_CODES = [
  'request_param_err',
  'request_body_required',
  'function.not.available',
  'login.not.session',
  'customer.not.login',
  'user.or.token.invalid',
  'token_ip_different',
  'TOO_MANY_REQUEST',
  'domain_not_available',
  'login.cred.err',
  'not.exists.user',
] as const;

/** PlayDeck's own codes, for failures the platform's clients show no code of their own for. */
export const PLAYDECK_ERROR_CODES = [
  'not_found', 'internal_error', 'upstream_unavailable', 'unknown_site', 'merchant_mismatch',
  'free_reject', 'captcha_required', 'captcha_invalid', 'account_disabled', 'username_taken', 'mobile_taken',
  'verification_code_error', 'sms_failed', 'phone_mismatch', 'wrong_password', 'same_password',
  'invitation_code_error', 'invalid_firebase_token', 'provider_not_configured', 'remember_invalid',
  'exchange_invalid', 'oauth_state_invalid', 'oauth_denied', 'oauth_failed',
  'encryption_required', 'bad_payload', 'unknown_payload_key', 'stale_payload', 'replayed_payload',
  'encryption_unavailable', 'legacy_encryption_disabled',
  'game_not_found', 'vendor_mismatch', 'vendor_maintenance', 'free_play_unavailable', 'not_demo_game',
  'wallet_not_found', 'insufficient_balance', 'idempotency_conflict', 'invalid_stake',
  'draw_closed', 'draw_not_open', 'draw_not_found', 'order_not_found', 'suborder_not_found', 'invalid_bet',
  'invalid_prize_mode', 'email_not_matched', 'reset_link_invalid', 'email_link_invalid',
  'announcement_not_found', 'promotion_not_found', 'promotion_not_applicable', 'promotion_closed', 'already_applied',
  'image_invalid', 'image_too_large', 'too_many_images', 'contract_not_found', 'contract_decided',
  'payment_method_not_found', 'amount_out_of_range', 'deposit_not_found', 'payment_unavailable', 'signature_invalid',
  'notice_mismatch', 'payment_password_required', 'payment_password_wrong', 'payment_password_not_set',
  'withdraw_unavailable', 'payee_required', 'payee_locked',
  'invalid_choice', 'round_not_found', 'round_in_progress',
  'message_not_found', 'conversation_not_found', 'chat_ticket_invalid', 'console_login_failed', 'csrf_invalid',
  // The operator console (docs/back-office.md): second factor, roles and sites.
  'console_totp_required', 'console_totp_invalid', 'console_totp_enabled', 'console_totp_enrolment_required',
  'console_role_forbidden', 'console_site_forbidden',
  'already_signed_in', 'reward_not_found', 'reward_claimed', 'already_agent', 'agent_application_pending',
  // The site's state gates the API too (worker/edge/pages/api-gate.ts): 503 during maintenance, 451 on play or money calls.
  'maintenance', 'region_restricted',
  // Player protection (docs/player-protection.md): a movement past a limit, the session time limit, limit changes.
  'deposit_limit_exceeded', 'loss_limit_exceeded', 'wager_limit_exceeded', 'session_time_limit',
  'player_on_break', 'player_self_excluded',
  // Time-out and self-exclusion (docs/player-protection.md): never shortened; reopening; a payout while blocked.
  'exclusion_not_longer', 'reopen_not_available', 'player_not_excluded',
  'limit_not_confirmable', 'no_pending_change',
  // Upstream mode (docs/player-protection.md "Upstream mode"): a limit kind the edge cannot enforce there.
  'limit_not_available',
  // Honest money (docs/honest-money.md): a withdrawal that would forfeit an unwagered bonus; the age check.
  'bonus_forfeit_unconfirmed', 'date_of_birth_required', 'under_legal_age', 'date_of_birth_set',
  // Reality checks and statements (docs/player-protection.md).
  'reality_check_off_not_allowed', 'reality_check_not_due', 'statement_period_invalid',
  // Game providers (docs/game-providers.md): a launch the provider cannot serve.
  'game_currency_unavailable', 'game_provider_unavailable',
  // The back office's content (docs/back-office.md "Content").
  'content_not_found', 'content_slug_taken', 'content_in_use', 'content_type_invalid', 'content_default_language_required',
  'content_title_required', 'content_schedule_invalid', 'content_linkage_invalid', 'content_parent_invalid', 'image_variant_invalid',
  'promotion_application_not_found', 'promotion_application_decided',
  // The back office's reports (docs/back-office.md "Reports"): a date range that is not one.
  'report_range_invalid',
  // The back office's money desk (docs/back-office.md "Money"): a withdrawal decision.
  'withdrawal_not_found', 'withdrawal_not_pending',
  // Support in the back office (docs/back-office.md "Support"): assignment and canned answers.
  'support_agent_invalid', 'conversation_assignment_changed', 'canned_answer_not_found',
  // The back office's Players area (docs/back-office.md "Players").
  'player_not_found', 'player_status_conflict', 'player_no_contact', 'adjustment_not_found', 'adjustment_self_approval', 'adjustment_decided',
  // Sign-up and payment settings (docs/back-office.md "Sign-up and payments", docs/site-settings.md).
  'registration_field_unknown', 'payment_method_not_found', 'payment_method_exists', 'payment_method_incomplete', 'payment_method_provider_incomplete',
  'limits_invalid', 'withdrawals_incomplete', 'payout_method_unknown', 'link_type_unknown', 'link_invalid', 'link_label_not_allowed',
  'social_provider_unknown', 'social_client_invalid', 'secret_name_invalid',
  // The back office's Site area and the operator command (docs/back-office.md "Site"): a value to correct, a change refused.
  'site_not_found', 'site_switch_unknown', 'site_host_invalid', 'site_regions_invalid', 'site_language_invalid', 'site_maintenance_text_invalid',
  'site_setting_unknown', 'site_setting_invalid', 'site_currency_read_only', 'site_domain_taken', 'site_domain_not_found', 'site_domain_current',
] as const;

/** Every `errorCode` PlayDeck's built-in API answers. */
export type ErrorCode = (typeof PLATFORM_ERROR_CODES)[number] | (typeof PLAYDECK_ERROR_CODES)[number];

/** Codes after which the client forgets the session and sends the player to /m/login (§1.5). */
export const LOGOUT_ERROR_CODES: readonly string[] = ['login.not.session', 'customer.not.login', 'user.or.token.invalid'];

/**
 * Whether an answer ends the client's session (platform-contract.md §1.5): one of the three logout codes, or
 * HTTP 401 on a call that carried a session token (a 401 without a session, e.g. a failed login, ends nothing).
 */
export function endsSession(status: number, errorCode: string, hadSession: boolean): boolean {
  return LOGOUT_ERROR_CODES.includes(errorCode) || (status === 401 && hadSession);
}

/**
 * The message a code shows, as the suffix of a locale key `error.<suffix>`: the platform's codes are shown with
 * the texts PlayDeck already has for the same failure; PlayDeck's own codes are their own suffix.
 */
export const MESSAGE_OF_CODE: Readonly<Record<string, string>> = {
  request_param_err: 'invalid_input',
  request_body_required: 'invalid_input',
  'function.not.available': 'feature_disabled',
  'login.not.session': 'session_expired',
  'customer.not.login': 'not_logged_in',
  'user.or.token.invalid': 'session_expired',
  token_ip_different: 'session_expired',
  TOO_MANY_REQUEST: 'too_many_requests',
  'login.cred.err': 'invalid_credentials',
  'not.exists.user': 'invalid_credentials',
};

/** True for the rate-limit family (`TOO_MANY_REQUEST…`: the platform appends detail to the code). */
export function isTooManyRequests(errorCode: string): boolean {
  return errorCode.startsWith('TOO_MANY_REQUEST');
}
