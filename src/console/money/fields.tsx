/**
 * Display pieces of the money area (docs/back-office.md "Money"): an amount in the record's currency (the console
 * API sends decimal currency units) and the player's context beside a withdrawal request.
 */
import { Box, Chip, Stack, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import type { z } from 'zod';
import type { consolePlayerContext } from '../../../contract/calls/console-money';

/** `amount` formatted in `currency` (e.g. "$1,234.50"); the code alone when the browser does not know it. */
export function formatMoney(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(amount);
  } catch {
    return `${currency} ${amount.toFixed(2)}`;
  }
}

/** Reads a dotted path (`player.deposits.total`) of a record. */
function at(record: Record<string, unknown>, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), record);
}

/** A money field of the record (`source`, dotted), in the record's `currency`. */
export function MoneyField({ source }: { source: string; label?: string; sortable?: boolean; sortBy?: string }) {
  const record = useRecordContext<Record<string, unknown>>();
  if (!record) return null;
  const amount = at(record, source);
  if (typeof amount !== 'number') return null;
  return <Typography component="span" variant="body2">{formatMoney(amount, String(record.currency ?? 'USD'))}</Typography>;
}

/**
 * The player's context of a withdrawal request as the console API sends it: the contract's shape on the wire (money in
 * decimal currency units), declared once in contract/calls/console-money.ts.
 */
export type PlayerContextValue = Omit<z.input<typeof consolePlayerContext>, 'memberId' | 'registeredAt'>;

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box component="div" sx={{ minWidth: 150 }}>
      <Typography component="dt" variant="caption" color="text.secondary">{label}</Typography>
      <Typography component="dd" variant="body1" sx={{ m: 0 }}>{value}</Typography>
    </Box>
  );
}

/**
 * The figures an operator weighs before paying (docs/back-office.md "Player context"): balances and wagering,
 * deposits, withdrawals paid and held, bonuses received, account age, and the other accounts registered from the
 * player's address (flagged when there are any).
 */
export function PlayerContextPanel({ player, currency }: { player: PlayerContextValue; currency: string }) {
  const m = (amount: number) => formatMoney(amount, currency);
  const shared = player.sharedAddressAccounts;
  return (
    <Box component="section" aria-label="Player context" sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h2" gutterBottom>Player {player.account}</Typography>
      <Stack component="dl" direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 2, m: 0 }}>
        <Figure label="Cash balance" value={m(player.cashBalance)} />
        <Figure label="Bonus balance" value={m(player.bonusBalance)} />
        <Figure label="Wagering" value={player.wageringRequired > 0 ? `${m(player.wageringDone)} of ${m(player.wageringRequired)}` : 'none open'} />
        <Figure label="Deposits" value={`${player.deposits.count} · ${m(player.deposits.total)}`} />
        <Figure label="Withdrawals paid" value={`${player.withdrawals.paidCount} · ${m(player.withdrawals.paidTotal)}`} />
        <Figure label="On hold" value={m(player.withdrawals.held)} />
        <Figure label="Bonuses received" value={`${player.bonuses.count} · ${m(player.bonuses.total)}`} />
        <Figure label="Account age" value={`${player.accountAgeDays} ${player.accountAgeDays === 1 ? 'day' : 'days'}`} />
        <Figure label="Registration address" value={player.registerAddress || 'not known'} />
        <Figure label="Accounts sharing an address" value={String(shared)} />
      </Stack>
      {player.sharedAddressSample && player.sharedAddressSample.length > 0 && (
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }} aria-label="Accounts sharing an address">
          {player.sharedAddressSample.map((account) => <Chip key={account} label={account} size="small" color="warning" variant="outlined" />)}
        </Stack>
      )}
    </Box>
  );
}

/** The context panel of the current record (a withdrawal with `player`), e.g. as a list row's expansion. */
export function RecordPlayerContext() {
  const record = useRecordContext<{ id: number; currency: string; player?: PlayerContextValue }>();
  if (!record?.player) return null;
  return <PlayerContextPanel player={record.player} currency={record.currency} />;
}

/** The count of accounts sharing the player's address, highlighted when there are any. */
export function SharedAddressField(_props: { label?: string }) {
  const record = useRecordContext<{ player?: PlayerContextValue }>();
  const shared = record?.player?.sharedAddressAccounts ?? 0;
  return shared > 0 ? <Chip label={shared} size="small" color="warning" /> : <Typography component="span" variant="body2">0</Typography>;
}
