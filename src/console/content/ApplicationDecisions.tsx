/**
 * Approve and reject a player's promotion application waiting for a decision (docs/back-office.md "Content",
 * "Applications"; permission `content.evidence`, the roles that see the evidence): each asks first in a dialog —
 * approve with the reward's amount (currency units, 2 decimals at most; it waits in the player's reward centre) and an
 * optional note, reject with a reason (required, at most 200 characters; kept in the audit log) — then
 * `POST /console/api/content/applications/<id>/approve|reject` through the data provider's `action`. The server
 * decides once (a second decision answers 409 `promotion_application_decided`, shown as the notification).
 */
import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField } from '@mui/material';
import { useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import type { ConsoleDataProvider } from '../registry';

type Decision = 'approve' | 'reject';

interface Application {
  id: number;
  status: string;
  account: string;
  promotion: string;
}

/** An amount typed by the operator as a number of currency units, or null when it is not one (> 0, ≤ 2 decimals). */
export function amountOf(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value > 0 ? value : null;
}

function DecisionDialog({ record, decision, onClose }: { record: Application; decision: Decision; onClose: () => void }) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const reject = decision === 'reject';
  const value = amountOf(amount);
  const ready = reject ? reason.trim() !== '' : value !== null;
  const submit = async () => {
    setBusy(true);
    try {
      const body = reject ? { reason: reason.trim() } : { amount: value, reason: reason.trim() };
      await dataProvider.action('content/applications', record.id, decision, body);
      notify(reject ? `Application #${record.id} rejected.` : `Application #${record.id} approved: the reward waits in ${record.account}'s reward centre.`, { type: 'success' });
      onClose();
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'The decision was not recorded.', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={`application-${record.id}`} fullWidth maxWidth="sm">
      <DialogTitle id={`application-${record.id}`}>{reject ? `Reject application #${record.id}` : `Approve application #${record.id}`}</DialogTitle>
      <DialogContent>
        <DialogContentText>{`${record.account} applied for ${record.promotion}.`}</DialogContentText>
        {!reject && (
          <TextField
            autoFocus fullWidth margin="normal" label="Reward amount" value={amount} required error={amount !== '' && value === null}
            helperText="Waits in the player's reward centre until claimed" slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            onChange={(event) => setAmount(event.target.value)}
          />
        )}
        <TextField
          autoFocus={reject} fullWidth margin="normal" multiline minRows={2} label={reject ? 'Reason' : 'Note (optional)'} value={reason}
          required={reject} slotProps={{ htmlInput: { maxLength: 200 } }} onChange={(event) => setReason(event.target.value)}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>Cancel</Button>
        <Button onClick={() => void submit()} disabled={busy || !ready} variant="contained" color={reject ? 'error' : 'primary'}>
          {reject ? 'Reject' : 'Approve'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Approve and Reject buttons of the current application while it waits (applying); nothing otherwise. */
export function ApplicationDecisionButtons(_props: { label?: string }) {
  const record = useRecordContext<Application>();
  const [open, setOpen] = useState<Decision | null>(null);
  if (!record || record.status !== 'applying') return null;
  return (
    <Stack direction="row" spacing={1} onClick={(event) => event.stopPropagation()}>
      <Button size="small" variant="contained" onClick={() => setOpen('approve')}>Approve</Button>
      <Button size="small" variant="outlined" color="error" onClick={() => setOpen('reject')}>Reject</Button>
      {open && <DecisionDialog record={record} decision={open} onClose={() => setOpen(null)} />}
    </Stack>
  );
}
