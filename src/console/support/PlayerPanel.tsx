/**
 * The player panel beside a conversation (docs/back-office.md "Support"): who the player is (account, nickname,
 * status, contact, since when, last sign-ins), the balance (playable, cash, bonus), the newest deposits and
 * withdrawals and the withdrawal still open — from `GET /console/api/support/conversations/<id>/player`, refreshed
 * every 30 s while the conversation is open.
 */
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { Box, Chip, Divider, Stack, Typography } from '@mui/material';
import type { ConsoleDataProvider } from '../registry';
import { CONVERSATIONS, type PlayerContext } from './types';

/** An amount as money of `currency` (a 3-letter code), or the number and the code. */
export function formatMoney(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`.trim();
  }
}

const when = (at: number | null): string => (at ? new Date(at).toLocaleString('en-GB') : '—');

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, py: 0.25 }}>
      <Typography variant="body2" color="text.secondary">{label}</Typography>
      <Typography variant="body2" component="span" sx={{ textAlign: 'right' }}>{children}</Typography>
    </Box>
  );
}

/** The panel of the player of conversation `conversationId`. */
export function PlayerPanel({ conversationId }: { conversationId: string }) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const { data: p, error } = useQuery({
    queryKey: ['support', 'player', conversationId],
    queryFn: () => dataProvider.get<PlayerContext>(`${CONVERSATIONS}/${conversationId}/player`),
    refetchInterval: 30_000,
  });
  return (
    <Box component="section" aria-label="Player" sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 1, minWidth: 0 }}>
      <Typography variant="h6" component="h3">Player</Typography>
      {error ? <Typography color="error" role="alert">The player could not be loaded.</Typography> : null}
      {!p ? null : (
        <Stack spacing={1}>
          <Box>
            <Row label="Account"><strong>{p.account}</strong></Row>
            {p.nickname ? <Row label="Nickname">{p.nickname}</Row> : null}
            <Row label="Status"><Chip size="small" label={p.status === 'active' ? 'Active' : 'Disabled'} color={p.status === 'active' ? 'success' : 'default'} /></Row>
            {p.mobile ? <Row label="Phone">{p.mobile}</Row> : null}
            {p.email ? <Row label="E-mail">{p.email}</Row> : null}
            <Row label="Registered">{when(p.registeredAt)}</Row>
            <Row label="Last sign-in">{when(p.lastLoginAt)}</Row>
          </Box>
          <Divider />
          <Box aria-label="Balance" role="group">
            <Row label="Balance"><strong data-testid="player-balance">{formatMoney(p.balance, p.currency)}</strong></Row>
            <Row label="Cash">{formatMoney(p.cash, p.currency)}</Row>
            <Row label="Bonus">{formatMoney(p.bonus, p.currency)}</Row>
          </Box>
          <Divider />
          <Box>
            <Typography variant="subtitle2" component="h4">Open withdrawal</Typography>
            <Typography variant="body2">
              {p.openWithdrawal ? `${formatMoney(p.openWithdrawal.amount, p.currency)} · ${p.openWithdrawal.status} · ${when(p.openWithdrawal.at)}` : 'None'}
            </Typography>
          </Box>
          <Box>
            <Typography variant="subtitle2" component="h4">Recent deposits</Typography>
            {p.deposits.length === 0 ? <Typography variant="body2">None</Typography> : p.deposits.map((d) => (
              <Row key={`${d.at}-${d.reference}`} label={when(d.at)}>{formatMoney(d.amount, p.currency)}</Row>
            ))}
          </Box>
          <Box>
            <Typography variant="subtitle2" component="h4">Recent withdrawals</Typography>
            {p.withdrawals.length === 0 ? <Typography variant="body2">None</Typography> : p.withdrawals.map((w) => (
              <Row key={w.id} label={when(w.at)}>{`${formatMoney(w.amount, p.currency)} · ${w.status}`}</Row>
            ))}
          </Box>
          <Box>
            <Typography variant="subtitle2" component="h4">Last sign-ins</Typography>
            {p.logins.length === 0 ? <Typography variant="body2">None</Typography> : p.logins.map((l) => (
              <Row key={l.at} label={when(l.at)}>{`last seen ${when(l.lastSeenAt)}`}</Row>
            ))}
          </Box>
        </Stack>
      )}
    </Box>
  );
}
