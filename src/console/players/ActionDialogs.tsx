import { useContext, useState, type ReactNode } from 'react';
import { useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { PlayerPageVersion } from './PartTable';
import { newRequestKey, type PlayersDataProvider } from './format';

/**
 * The action buttons of a player's page (docs/back-office.md "Players"): suspend, close, reopen, reset the password,
 * send a message, add a note and adjust the balance, each in a dialog that asks for what the action needs (a reason
 * at least) and posts `POST /console/api/players/<id>/<action>`. A refusal shows its message; a success reloads the
 * page. The server checks the role; a button the role may not use answers 403 and says so.
 */

type Player = { id: number; status: string; currency: string; username: string };

/** A dialog with fields, a Cancel and a submit button; `submit` returns the body to post, or null while invalid. */
function ActionDialog(props: { label: string; action: string; title: string; children: ReactNode; body(): Record<string, unknown> | null; onDone?(value: unknown): void; color?: 'error' | 'primary' }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const record = useRecordContext<Player>();
  const dataProvider = useDataProvider<PlayersDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const { bump } = useContext(PlayerPageVersion);
  if (!record) return null;
  const submit = async () => {
    const body = props.body();
    if (!body) return;
    setBusy(true);
    try {
      const { data } = await dataProvider.action('players', record.id, props.action, body);
      notify(`${props.title}: done`, { type: 'success' });
      props.onDone?.(data);
      setOpen(false);
      refresh();
      bump();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'Refused', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="small" variant="outlined" color={props.color ?? 'primary'} onClick={() => setOpen(true)}>{props.label}</Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>{props.title}</DialogTitle>
        <DialogContent><Stack spacing={2} sx={{ pt: 1 }}>{props.children}</Stack></DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button variant="contained" color={props.color ?? 'primary'} disabled={busy} onClick={() => void submit()}>{props.label}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** The reason field every action has (3–500 characters). */
function ReasonField(props: { value: string; onChange(value: string): void; required?: boolean }) {
  return (
    <TextField label="Reason" value={props.value} onChange={(e) => props.onChange(e.target.value)} required={props.required !== false}
      multiline minRows={2} slotProps={{ htmlInput: { maxLength: 500 } }} helperText="Kept in the audit log" />
  );
}

const reasonOk = (reason: string) => reason.trim().length >= 3;

/** Suspend, close or reopen, as the account's state allows. */
export function StatusAction(props: { action: 'suspend' | 'close' | 'reopen'; label: string }) {
  const [reason, setReason] = useState('');
  return (
    <ActionDialog label={props.label} action={props.action} title={`${props.label} the account`} color={props.action === 'reopen' ? 'primary' : 'error'}
      body={() => (reasonOk(reason) ? { reason: reason.trim() } : null)}>
      <ReasonField value={reason} onChange={setReason} />
    </ActionDialog>
  );
}

/** Sends the player a password reset link (the operator never sees a password). */
export function ResetPasswordAction() {
  const [reason, setReason] = useState('');
  const notify = useNotify();
  return (
    <ActionDialog label="Reset password" action="reset-password" title="Send a password reset link"
      body={() => (reasonOk(reason) ? { reason: reason.trim() } : null)}
      onDone={(value) => { const v = value as { channel: string; to: string }; notify(`Link sent by ${v.channel} to ${v.to}`, { type: 'info' }); }}>
      <ReasonField value={reason} onChange={setReason} />
    </ActionDialog>
  );
}

/** A message to the player's inbox (plain text). */
export function MessageAction() {
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [reason, setReason] = useState('');
  return (
    <ActionDialog label="Send message" action="message" title="Message to the player's inbox"
      body={() => (title.trim() && text.trim() ? { title: title.trim(), text: text.trim(), ...(reasonOk(reason) ? { reason: reason.trim() } : {}) } : null)}>
      <TextField label="Title" value={title} onChange={(e) => setTitle(e.target.value)} required slotProps={{ htmlInput: { maxLength: 120 } }} />
      <TextField label="Message" value={text} onChange={(e) => setText(e.target.value)} required multiline minRows={4} slotProps={{ htmlInput: { maxLength: 5000 } }} />
      <ReasonField value={reason} onChange={setReason} required={false} />
    </ActionDialog>
  );
}

/** An operator note on the player. */
export function NoteAction() {
  const [body, setBody] = useState('');
  return (
    <ActionDialog label="Add note" action="notes" title="Note on the player" body={() => (body.trim() ? { body: body.trim() } : null)}>
      <TextField label="Note" value={body} onChange={(e) => setBody(e.target.value)} required multiline minRows={3} slotProps={{ htmlInput: { maxLength: 2000 } }} />
    </ActionDialog>
  );
}

/**
 * A manual balance adjustment: cash or bonus, credit or debit, a positive amount and a reason. Above the site's
 * threshold it becomes a request that a second operator approves (the answer says which).
 */
export function AdjustAction() {
  const [balance, setBalance] = useState<'cash' | 'bonus'>('cash');
  const [direction, setDirection] = useState<'credit' | 'debit'>('credit');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  // One key per adjustment the operator means: a retried submit of the same dialog changes nothing twice.
  const [key, setKey] = useState(newRequestKey);
  const notify = useNotify();
  const valid = /^\d{1,8}(\.\d{1,2})?$/.test(amount.trim()) && Number(amount) > 0 && reasonOk(reason);
  return (
    <ActionDialog label="Adjust balance" action="adjust" title="Adjust the balance"
      body={() => (valid ? { balance, direction, amount: Number(amount.trim()), reason: reason.trim(), idempotencyKey: key } : null)}
      onDone={(value) => {
        const v = value as { status: string };
        notify(v.status === 'pending' ? 'Above the threshold: waiting for a second operator to approve' : 'Balance adjusted', { type: 'info' });
        setKey(newRequestKey()); setAmount(''); setReason('');
      }}>
      <TextField select label="Balance" value={balance} onChange={(e) => setBalance(e.target.value as 'cash' | 'bonus')}>
        <MenuItem value="cash">Cash</MenuItem>
        <MenuItem value="bonus">Bonus</MenuItem>
      </TextField>
      <TextField select label="Direction" value={direction} onChange={(e) => setDirection(e.target.value as 'credit' | 'debit')}>
        <MenuItem value="credit">Credit (add)</MenuItem>
        <MenuItem value="debit">Debit (take)</MenuItem>
      </TextField>
      <TextField label="Amount" value={amount} onChange={(e) => setAmount(e.target.value)} required slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        error={amount !== '' && !/^\d{1,8}(\.\d{1,2})?$/.test(amount.trim())} helperText="In currency units, e.g. 25.50" />
      <ReasonField value={reason} onChange={setReason} />
    </ActionDialog>
  );
}
