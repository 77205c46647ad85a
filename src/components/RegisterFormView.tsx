import type { ComponentType, FormEvent, Ref } from 'react';
import { t, type MessageKey } from '../../rules/i18n';
import { socialProviders } from '../../rules/login-methods';
import type { RegisterTab } from '../../rules/register-tabs';
import type { ShownField } from '../../rules/validation';
import CaptchaFieldView from './CaptchaFieldView';
import CountryCodePickerView from './CountryCodePickerView';
import PolicyDialog, { type PolicyName } from './PolicyDialog';
import RegisterFields, { type RegisterFieldParts, type RegisterFieldsProps } from './RegisterFields';
import SmsCodeFieldView from './SmsCodeFieldView';
import SocialLoginButtons from './SocialLoginButtons';
import TabSwitch, { tabId } from './TabSwitch';

/**
 * The messages the form shows as the edge renders it (its fields, tabs, dialogs and buttons), besides every message
 * under {@link REGISTER_FORM_PREFIXES}: the page carries them for the edge (src/views/listTexts.ts viewTexts).
 */
export const REGISTER_FORM_MESSAGES: readonly MessageKey[] = ['common.loading', 'common.close', 'forget.code', 'forget.getCode'];
/** Key prefixes whose every message the page carries with {@link REGISTER_FORM_MESSAGES}. */
export const REGISTER_FORM_PREFIXES: readonly string[] = ['form.', 'register.', 'social.'];

/** What the form does when the player acts (src/islands/RegisterForm.tsx binds them to src/stores/pages/register.ts). */
export interface RegisterFormActions extends Pick<RegisterFieldsProps, 'onValue' | 'onCaptchaReload' | 'requestCode' | 'onUsernameBlur'> {
  onRetry: () => void;
  onChooseTab: (tab: RegisterTab) => void;
  onSubmit: () => void;
  onAgree: (agreed: boolean) => void;
  onPolicy: (policy: PolicyName | null) => void;
}

/** The parts of the form that read stores: RegisterFields' fields and the follow-us links. */
export interface RegisterParts extends RegisterFieldParts {
  FollowLinks: ComponentType;
}

const nothing = () => undefined;

/**
 * The parts as they first render, with nothing loaded: the country list loading, no captcha image, no follow-us
 * links (all read after hydration only). The edge renders the form with them.
 */
export const STILL_REGISTER_PARTS: RegisterParts = {
  CountryCodePicker: (props) => <CountryCodePickerView {...props} countries={null} language="EN" />,
  CaptchaField: (props) => <CaptchaFieldView {...props} image={null} onLoadImage={nothing} />,
  SmsCodeField: (props) => <SmsCodeFieldView {...props} toasts={{ show: () => 0, hide: nothing }} />,
  FollowLinks: () => null,
};

/** Nothing happens: the actions of the form the edge renders. */
export const STILL_REGISTER_ACTIONS: RegisterFormActions = {
  onRetry: nothing, onChooseTab: nothing, onSubmit: nothing, onValue: nothing, onCaptchaReload: nothing, requestCode: () => null,
  onUsernameBlur: nothing, onAgree: nothing, onPolicy: nothing,
};

/** Props of the registration form: the site's tabs and fields, what the player typed, the form's state, its actions. */
export interface RegisterFormViewProps extends Pick<RegisterFieldsProps, 'values' | 'errors'> {
  /** The site's switches; null before hydration (the stylesheet gates what they gate, src/lib/switchGate.ts). */
  switches: Readonly<Record<string, boolean>> | null;
  tabs: readonly RegisterTab[];
  /** The open tab and its fields; null while the settings are unknown ('Loading…', or the failure, or 'closed'). */
  tab: RegisterTab | null;
  shown: readonly ShownField[] | null;
  loadFailed: boolean;
  formError: MessageKey | null;
  busy: boolean;
  agreed: boolean;
  captchaNonce: number;
  /** The policy shown in the dialog, if any. */
  policy: PolicyName | null;
  parts: RegisterParts;
  formRef?: Ref<HTMLFormElement> | undefined;
  actions: RegisterFormActions;
  /**
   * True when the browser cannot seal the registration (no Web Crypto: plain http off localhost): the form says so
   * at its top and cannot be sent. Known after hydration only; the edge renders without it.
   */
  insecure?: boolean | undefined;
}

/**
 * The registration screen's form (accounts §2 Registration screen): the site's tabs, the open tab's fields, "I agree"
 * with the terms and privacy dialogs, the social login buttons, the link to login and the follow-us links; while the
 * settings are unknown, 'Loading…' (or their failure with "try again", or 'registration is closed'). Rendered by the
 * island (src/islands/RegisterForm.tsx) and by the edge into the first HTML from the same settings and switches
 * (worker/edge/fills/register.ts), so the island hydrates over it without a mismatch.
 */
export default function RegisterFormView({
  switches, tabs, tab, shown, loadFailed, values, errors, formError, busy, agreed, captchaNonce, policy, parts, formRef, actions, insecure = false,
}: RegisterFormViewProps) {
  const { FollowLinks } = parts;
  if (!shown || !tab) {
    const closed = switches !== null && tabs.length === 0;
    return (
      <div className="account-form register-pending" aria-busy={!loadFailed && !closed}>
        {loadFailed || closed ? (
          <div className="card" role="alert">
            <p>{t(closed ? 'register.closed' : 'register.settingsError')}</p>
            {!closed && (
              <button type="button" className="btn" onClick={actions.onRetry}>
                {t('common.retry')}
              </button>
            )}
          </div>
        ) : (
          <p className="form-loading">{t('common.loading')}</p>
        )}
      </div>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actions.onSubmit();
  };
  const tabItems = tabs.map((id) => ({ id, label: t(id === 'mobile' ? 'register.tabMobile' : 'register.tabUsername') }));
  return (
    <div className="account-form">
      {tabItems.length > 1 && (
        <TabSwitch label={t('register.method')} idPrefix="register" tabs={tabItems} selected={tab} onSelect={actions.onChooseTab} />
      )}
      <form
        ref={formRef} id="register-panel" method="post" noValidate onSubmit={submit} aria-busy={busy}
        {...(tabItems.length > 1 ? { role: 'tabpanel', 'aria-labelledby': tabId('register', tab) } : {})}
      >
        {insecure && <p className="form-insecure" role="alert">{t('form.insecureConnection')}</p>}
        <RegisterFields
          key={tab} shown={shown} values={values} errors={errors} onValue={actions.onValue} captchaNonce={captchaNonce}
          onCaptchaReload={actions.onCaptchaReload} requestCode={actions.requestCode} onUsernameBlur={actions.onUsernameBlur} disabled={busy}
          parts={parts}
        />
        <div className="agree">
          <input id="reg-agree" type="checkbox" checked={agreed} onChange={(e) => actions.onAgree(e.currentTarget.checked)} />
          <label htmlFor="reg-agree">{t('register.agreePrefix')}</label>{' '}
          <button type="button" className="link-btn" aria-haspopup="dialog" onClick={() => actions.onPolicy('terms')}>
            {t('register.terms')}
          </button>{' '}
          {t('register.agreeJoin')}{' '}
          <button type="button" className="link-btn" aria-haspopup="dialog" onClick={() => actions.onPolicy('privacy')}>
            {t('register.privacy')}
          </button>
        </div>
        <p className="form-error" role="alert">{formError ? t(formError) : ''}</p>
        <button type="submit" className="btn btn-primary btn-block" disabled={busy || !agreed || insecure}>
          {busy ? <span className="spinner" aria-hidden="true" /> : null}
          {t('register.submit')}
        </button>
      </form>
      <SocialLoginButtons providers={socialProviders('password', switches)} />
      <p className="form-switch">
        {t('register.haveAccount')} <a href="/m/login">{t('register.toLogin')}</a>
      </p>
      <FollowLinks />
      <PolicyDialog id="reg-policy" policy={policy} onClose={() => actions.onPolicy(null)} />
    </div>
  );
}
