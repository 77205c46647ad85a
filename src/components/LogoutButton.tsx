import { useState } from 'react';
import Icon from './Icon';
import { t } from '../../rules/i18n';
import { logout } from '../stores/concepts/member';
import { showToast } from '../stores/concepts/toast';
import ConfirmDialog from './ConfirmDialog';

/** Logout loading toast duration (player-shell §8: "logout loading up to 9999 s"). */
export const LOGOUT_TOAST_MS = 9_999_000;

/**
 * Logout icon button (player-shell §2 Home header, §4 Logout; accounts §4): confirm, then a loading toast
 * while the call runs, then logout() clears the session and goes to /m/home.
 */
export default function LogoutButton() {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = () => {
    setAsking(false);
    setBusy(true);
    showToast('header.loggingOut', 'loading', LOGOUT_TOAST_MS);
    void logout();
  };
  return (
    <>
      <button
        type="button"
        className="icon-btn"
        aria-label={t('header.logout')}
        title={t('header.logout')}
        aria-haspopup="dialog"
        disabled={busy}
        onClick={() => setAsking(true)}
      >
        <Icon name="logout" />
      </button>
      <ConfirmDialog
        open={asking}
        title={t('header.logout')}
        message={t('header.logoutConfirm')}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
