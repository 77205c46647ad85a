import { useEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { useHydrated } from '../components/useHydrated';
import { accessFor, redirectFor, type Requirement } from '../lib/access';
import { t } from '../../rules/i18n';
import { MENU_TOAST_MS } from '../stores/concepts/menu';
import { $session, sessionMemberType } from '../stores/concepts/session';
import { $settings } from '../stores/concepts/settings';
import { showToast } from '../stores/concepts/toast';
import ConfirmDialog from '../components/ConfirmDialog';

/** Props of the access gate. */
export interface AccessGateProps {
  requirement: Requirement;
  /** A site switch the page needs (REWCEN3 for the reward centre): when off, contact_service shows 2 s, then home. */
  switchId?: string;
}

/**
 * Carries out who may open the page (player-shell §6, accounts §6): a visitor goes to /m/login (or /m/home where
 * the page says so); a guest/trial account on a real-accounts page gets the free_reject dialog with Cancel (home)
 * and Register now (/m/register); a page whose site switch is off shows contact_service for 2 s and goes home.
 */
export default function AccessGate({ requirement, switchId }: AccessGateProps) {
  const hydrated = useHydrated();
  const session = useStore($session);
  const settings = useStore($settings);
  const decision = hydrated ? accessFor(requirement, session ? sessionMemberType(session) : null) : 'allow';
  const switchOff = switchId !== undefined && settings !== null && settings.switches[switchId] !== true;
  const announced = useRef(false);

  useEffect(() => {
    if (switchOff) {
      if (announced.current) return undefined;
      announced.current = true;
      showToast('contact_service', 'info', MENU_TOAST_MS);
      const timer = setTimeout(() => window.location.replace('/m/home'), MENU_TOAST_MS);
      return () => clearTimeout(timer);
    }
    const target = redirectFor(decision);
    if (target) window.location.replace(target);
    return undefined;
  }, [decision, switchOff]);

  return (
    <ConfirmDialog
      open={decision === 'free_reject' && !switchOff}
      title={t('gate.realAccount')}
      message={t('free_reject')}
      confirmLabel={t('gate.registerNow')}
      onConfirm={() => window.location.assign('/m/register')}
      onCancel={() => window.location.assign('/m/home')}
    />
  );
}
