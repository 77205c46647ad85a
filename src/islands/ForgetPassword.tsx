import { useState } from 'react';
import { useHydrated } from '../components/useHydrated';
import TabSwitch, { tabId } from '../components/TabSwitch';
import { t } from '../../rules/i18n';
import EmailResetForm from '../components/EmailResetForm';
import ForgetByEmail from '../components/ForgetByEmail';
import ForgetPasswordForm from '../components/ForgetPasswordForm';
import { usePage } from '../hooks/usePage';
import { forgetPage } from '../stores/pages/forgetPassword';

type Method = 'sms' | 'email';

/** The token of an e-mailed reset link (`?resetToken=`), or null. */
export function resetTokenOf(search: string): string | null {
  const token = new URLSearchParams(search).get('resetToken');
  return token && /^[A-Za-z0-9_-]{20,200}$/.test(token) ? token : null;
}

/**
 * Forgot password (accounts §2 /m/forget): a tab switch between reset by SMS (ForgetPasswordForm) and reset by
 * e-mail (ForgetByEmail); opened from an e-mailed link (`?resetToken=`) it shows the new-password form of that
 * link (EmailResetForm) instead.
 */
export default function ForgetPassword() {
  const [method, setMethod] = useState<Method>('sms');
  const page = usePage(forgetPage);
  // Read after hydration so the first client render matches the pre-rendered page.
  const hydrated = useHydrated();
  const token = hydrated ? resetTokenOf(window.location.search) : null;
  if (token) return <EmailResetForm flow={page.link} token={token} />;
  const tabs = [
    { id: 'sms' as const, label: t('forget.tabSms') },
    { id: 'email' as const, label: t('forget.tabEmail') },
  ];
  return (
    <>
      <TabSwitch label={t('forget.method')} idPrefix="forget" tabs={tabs} selected={method} onSelect={setMethod} />
      <div id="forget-panel" role="tabpanel" aria-labelledby={tabId('forget', method)}>
        {method === 'sms' ? (
          <>
            <p className="lead">{t('forget.intro')}</p>
            <ForgetPasswordForm flow={page.sms} />
          </>
        ) : (
          <ForgetByEmail flow={page.email} />
        )}
      </div>
    </>
  );
}
