/**
 * Approve and reject a pending withdrawal request (docs/back-office.md "Money"; permission `money.withdrawals`):
 * each asks first in a dialog — approve with an optional note for the audit log, reject with the reason the player
 * is shown (required, at most 200 characters) — then `POST /console/api/withdrawals/<id>/approve|reject` through the
 * data provider's `action`. The server records the decision once (a second decision answers 409
 * `withdrawal_not_pending`, shown as the notification) and pays out or releases the hold at once.
 */
import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField } from '@mui/material';
import { useDataProvider, useNotify, usePermissions, useRecordContext, useRefresh } from 'react-admin';
import { roleMay } from '../../../rules/console-roles';
import type { ConsoleDataProvider } from '../registry';
import { formatMoney } from './fields';

type Decision = 'approve' | 'reject';

interface Pending {
  id: number;
  status: string;
  amount: number;
  currency: string;
  account: string;
}

function DecisionDialog({ record, decision, onClose }: { record: Pending; decision: Decision; onClose: () => void }) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const reject = decision === 'reject';
  const amount = formatMoney(record.amount, record.currency);
  const submit = async () => {
    setBusy(true);
    try {
      const { data } = await dataProvider.action<{ status: string }>('withdrawals', record.id, decision, { reason: reason.trim() });
      notify(reject ? `Withdrawal #${record.id} rejected: the hold is back on the player's balance.` : `Withdrawal #${record.id} approved (${data.status}).`, { type: 'success' });
      onClose();
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'The decision was not recorded.', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const title = reject ? `Reject withdrawal #${record.id}` : `Approve withdrawal #${record.id}`;
  return (
    <Dialog open onClose={onClose} aria-labelledby={`decision-${record.id}`} fullWidth maxWidth="sm">
      <DialogTitle id={`decision-${record.id}`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {reject
            ? `${amount} goes back to ${record.account}'s balance. The player sees the reason.`
            : `${amount} is paid out to ${record.account} through the site's payout provider.`}
        </DialogContentText>
        <TextField
          autoFocus fullWidth margin="normal" multiline minRows={2} label={reject ? 'Reason' : 'Note (optional)'} value={reason}
          required={reject} slotProps={{ htmlInput: { maxLength: 200 } }} onChange={(event) => setReason(event.target.value)}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>Cancel</Button>
        <Button onClick={() => void submit()} disabled={busy || (reject && reason.trim() === '')} variant="contained" color={reject ? 'error' : 'primary'}>
          {reject ? 'Reject' : 'Approve'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Approve and Reject buttons of the current record while it is pending and the role may decide; nothing otherwise. */
export function DecisionButtons() {
  const record = useRecordContext<Pending>();
  const { permissions } = usePermissions<string>();
  const [open, setOpen] = useState<Decision | null>(null);
  if (!record || record.status !== 'pending' || (typeof permissions === 'string' && !roleMay(permissions, 'money.withdrawals'))) return null;
  return (
    <Stack direction="row" spacing={1} onClick={(event) => event.stopPropagation()}>
      <Button size="small" variant="contained" onClick={() => setOpen('approve')}>Approve</Button>
      <Button size="small" variant="outlined" color="error" onClick={() => setOpen('reject')}>Reject</Button>
      {open && <DecisionDialog record={record} decision={open} onClose={() => setOpen(null)} />}
    </Stack>
  );
}
