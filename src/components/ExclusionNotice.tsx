import { useState, type FormEvent } from 'react';
import { t } from '../../rules/i18n';
import { formatDateTime } from '../../rules/format';
import { formatMoney } from '../lib/money';
import type { ExclusionNoticeState, PayoutFields } from '../stores/pages/loginExclusion';

/** The message of a block: until when, for good, or until the player asks to reopen. */
function blockText(notice: ExclusionNoticeState): string {
  const { block } = notice;
  if (notice.opensAt !== null) return t('login.excluded.opensAt', { until: formatDateTime(notice.opensAt) });
  if (block.reopenable) return t('login.excluded.reopenable');
  if (block.until === null) return t('login.excluded.permanent');
  return t(block.kind === 'break' ? 'login.excluded.break' : 'login.excluded.selfExclusion', { until: formatDateTime(block.until) });
}

/**
 * The log-in page's notice of a break or self-exclusion (docs/player-protection.md "Time-out and self-exclusion"):
 * says until when (in the page's language and time format); after a self-exclusion ended, offers to reopen (the
 * account opens 24 hours later); and lets the player have the whole balance paid out (bank details and payment
 * password; the log-in form's username and password prove the account). Reopening and payout need the password tab.
 */
export default function ExclusionNotice(props: {
  notice: ExclusionNoticeState;
  /** The password tab is on screen (reopening and payout prove the account with its username and password). */
  withPassword: boolean;
  onReopen: () => void;
  onPayout: (fields: PayoutFields) => void;
}) {
  const { notice } = props;
  const [payoutOpen, setPayoutOpen] = useState(false);
  const submitPayout = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const field = (name: string) => String(data.get(name) ?? '').trim();
    props.onPayout({ payeeName: field('payeeName'), bankName: field('bankName'), accountNumber: field('accountNumber'), paymentPassword: String(data.get('paymentPassword') ?? '') });
  };
  return (
    <div className="exclusion-notice" role="alert" data-exclusion={notice.block.kind}>
      <p>{blockText(notice)}</p>
      {notice.error && <p className="form-error">{t(notice.error)}</p>}
      {notice.paidOutMinor !== null && <p className="form-ok" role="status">{t('login.excluded.payoutDone', { amount: formatMoney(notice.paidOutMinor, null) })}</p>}
      {props.withPassword && (
        <div className="button-row">
          {notice.block.reopenable && notice.opensAt === null && (
            <button type="button" className="btn btn-primary" disabled={notice.busy} onClick={props.onReopen}>{t('login.excluded.reopen')}</button>
          )}
          {notice.paidOutMinor === null && !payoutOpen && (
            <button type="button" className="btn" onClick={() => setPayoutOpen(true)}>{t('login.excluded.payout')}</button>
          )}
        </div>
      )}
      {props.withPassword && payoutOpen && notice.paidOutMinor === null && (
        <form onSubmit={submitPayout} aria-busy={notice.busy}>
          <p className="muted">{t('login.excluded.payoutText')}</p>
          <label>{t('wallet.payeeName')}<input name="payeeName" required autoComplete="name" maxLength={60} /></label>
          <label>{t('wallet.bankName')}<input name="bankName" required maxLength={60} /></label>
          <label>{t('wallet.accountNumber')}<input name="accountNumber" required inputMode="numeric" maxLength={34} /></label>
          <label>{t('form.paymentPassword')}<input name="paymentPassword" type="password" required autoComplete="off" maxLength={64} /></label>
          <button type="submit" className="btn btn-primary" disabled={notice.busy}>{t('login.excluded.payout')}</button>
        </form>
      )}
    </div>
  );
}
