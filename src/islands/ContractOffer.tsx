import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { CONTRACT_PAGES, type ContractPage } from '../lib/contracts';
import { t } from '../../rules/i18n';
import { serverErrorKey } from '../../rules/validation';
import { usePage } from '../hooks/usePage';
import { contractScreenPage } from '../stores/pages/contracts';

/**
 * An agent contract screen's offer (accounts §2 Agent contract prompts, §6; platform-contract.md §3): the pending
 * offer's terms as the server sends them (sanitised HTML) with Accept and Decline, the answer once given, or a
 * note that nothing of this kind is pending.
 */
export default function ContractOffer({ page }: { page: ContractPage }) {
  const kind = CONTRACT_PAGES[page];
  const screen = usePage(contractScreenPage);
  const state = useStore(screen.$contractScreen);
  useEffect(() => {
    void screen.load(kind);
  }, [kind, screen]);

  if (state.status === 'loading') return <p className="muted" aria-busy="true">{t('common.loading')}</p>;
  if (state.status === 'failed') {
    return (
      <p role="alert">
        {t('common.error')}{' '}
        <button type="button" className="btn btn-small" onClick={() => void screen.load(kind)}>{t('common.retry')}</button>
      </p>
    );
  }
  if (state.status === 'none') return <p className="empty-state">{t('contract.none')}</p>;
  if (state.status === 'answered') {
    return <p role="status" className="contract-answer">{t(state.decision === 'accepted' ? 'contract.accepted' : 'contract.declined')}</p>;
  }
  return (
    <div className="contract-offer">
      <h3>{t('contract.offer')}</h3>
      {state.offer.terms !== '' && <div className="rich contract-terms" dangerouslySetInnerHTML={{ __html: state.offer.terms }} />}
      {state.errorCode !== null && <p role="alert" className="form-error">{t(serverErrorKey(state.errorCode))}</p>}
      <div className="dialog-actions">
        <button type="button" className="btn" disabled={state.busy} onClick={() => void screen.answer(kind, false)}>{t('contract.decline')}</button>
        <button type="button" className="btn btn-primary" disabled={state.busy} onClick={() => void screen.answer(kind, true)}>{t('contract.accept')}</button>
      </div>
    </div>
  );
}
