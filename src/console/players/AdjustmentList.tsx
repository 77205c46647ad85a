import { useState } from 'react';
import {
  Datagrid, FunctionField, Link, List, SelectInput, TextField, useCreatePath, useDataProvider, useNotify, useRecordContext, useRefresh,
} from 'react-admin';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField as Input } from '@mui/material';
import { formatMoney, formatTime, type PlayersDataProvider } from './format';

/**
 * The manual balance adjustments of the site (docs/back-office.md "Players"), pending requests first: a second
 * operator with players.adjust.approve approves (the ledger entry is written then) or rejects each with a reason.
 * The server refuses the requester's own approval (403 `adjustment_self_approval`) and a second decision (409).
 */

type Adjustment = {
  id: number; playerId: number; username: string; balance: string; amount: number; reason: string; status: string; requestedBy: string;
  requestedAt: number; decidedBy: string | null; decidedAt: number | null; decisionReason: string;
};

const filters = [
  <SelectInput key="status" source="status" label="Status" alwaysOn choices={[
    { id: 'pending', name: 'Waiting for approval' }, { id: 'applied', name: 'Applied' }, { id: 'rejected', name: 'Rejected' },
  ]} />,
];

function Decide() {
  const record = useRecordContext<Adjustment>();
  const [decision, setDecision] = useState<'approve' | 'reject' | null>(null);
  const [reason, setReason] = useState('');
  const dataProvider = useDataProvider<PlayersDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  if (!record || record.status !== 'pending') return null;
  const submit = async () => {
    if (!decision) return;
    try {
      await dataProvider.action('adjustments', record.id, decision, { reason: reason.trim() });
      notify(decision === 'approve' ? 'Approved: the ledger entry is written' : 'Rejected', { type: 'success' });
      setDecision(null);
      setReason('');
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'Refused', { type: 'error' });
    }
  };
  return (
    <Stack direction="row" spacing={1} onClick={(e) => e.stopPropagation()}>
      <Button size="small" variant="contained" onClick={() => setDecision('approve')}>Approve</Button>
      <Button size="small" color="error" onClick={() => setDecision('reject')}>Reject</Button>
      <Dialog open={decision !== null} onClose={() => setDecision(null)} fullWidth maxWidth="xs">
        <DialogTitle>{decision === 'approve' ? 'Approve' : 'Reject'} adjustment #{record.id}</DialogTitle>
        <DialogContent>
          <Input label="Reason" value={reason} onChange={(e) => setReason(e.target.value)} fullWidth multiline minRows={2} sx={{ mt: 1 }} slotProps={{ htmlInput: { maxLength: 500 } }} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDecision(null)}>Cancel</Button>
          <Button variant="contained" color={decision === 'reject' ? 'error' : 'primary'} onClick={() => void submit()}>
            {decision === 'approve' ? 'Approve' : 'Reject'}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}

function PlayerLink(props: { id: number; name: string }) {
  const createPath = useCreatePath();
  return <Link to={createPath({ resource: 'players', id: props.id, type: 'show' })}><bdi>{props.name}</bdi></Link>;
}

export function AdjustmentList() {
  return (
    <List filters={filters} filterDefaultValues={{ status: 'pending' }} sort={{ field: 'id', order: 'DESC' }} title="Balance adjustments">
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="id" sortable={false} />
        <FunctionField label="Player" render={(r: Adjustment) => <PlayerLink id={r.playerId} name={r.username} />} />
        <TextField source="balance" sortable={false} />
        <FunctionField label="Amount" textAlign="right" render={(r: Adjustment) => formatMoney(r.amount)} />
        <TextField source="reason" sortable={false} />
        <TextField source="status" sortable={false} />
        <FunctionField label="Asked by" render={(r: Adjustment) => `${r.requestedBy}, ${formatTime(r.requestedAt)}`} />
        <FunctionField label="Decided by" render={(r: Adjustment) => (r.decidedBy ? `${r.decidedBy}, ${formatTime(r.decidedAt)}` : '')} />
        <Decide />
      </Datagrid>
    </List>
  );
}
