import { useId, useState } from 'react';
import { t, type MessageKey } from '../../rules/i18n';
import Dialog from './Dialog';

/** The two short policies shown from the registration agreement (accounts §2: "Terms and privacy policy open in modals"). */
export const POLICIES = {
  terms: { title: 'register.terms', paragraphs: ['register.terms.1', 'register.terms.2', 'register.terms.3', 'register.terms.4'] },
  privacy: {
    title: 'register.privacy',
    paragraphs: ['register.privacy.1', 'register.privacy.2', 'register.privacy.3', 'register.privacy.4'],
  },
} as const satisfies Record<string, { title: MessageKey; paragraphs: readonly MessageKey[] }>;

/** Which policy is open, if any. */
export type PolicyName = keyof typeof POLICIES;

/**
 * A policy modal with a title, its paragraphs and a Close button (accounts §2 Registration screen). `id` names it
 * (else a generated id): the registration form gives one so the edge can write the same markup.
 */
export default function PolicyDialog({ policy, onClose, id: givenId }: { policy: PolicyName | null; onClose: () => void; id?: string }) {
  const autoId = useId();
  const id = givenId ?? autoId;
  // Keep the last policy's text while the dialog fades out.
  const [last, setLast] = useState<PolicyName>(policy ?? 'terms');
  if (policy && policy !== last) setLast(policy);
  const shown = POLICIES[policy ?? last];
  return (
    <Dialog open={policy !== null} labelledBy={`${id}-title`} onDismiss={onClose} className="dialog-policy">
      <h2 id={`${id}-title`} className="dialog-title">
        {t(shown.title)}
      </h2>
      {shown.paragraphs.map((key) => (
        <p key={key}>{t(key)}</p>
      ))}
      <div className="dialog-actions">
        <button type="button" className="btn btn-primary" onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
    </Dialog>
  );
}
