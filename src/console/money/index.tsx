/**
 * The money area of the back office (docs/back-office.md "Money"; permission `money.read`, built-in mode only:
 * in upstream mode the platform keeps the money): deposits searched and paged, the withdrawal queue with each
 * player's context and the approve / reject decisions, and the history of decided requests.
 */
import PaymentsIcon from '@mui/icons-material/Payments';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import type { ConsoleArea } from '../registry';
import { DepositList } from './deposits';
import { WithdrawalHistory, WithdrawalQueue, WithdrawalShow } from './withdrawals';

export const moneyArea: ConsoleArea = {
  name: 'money',
  permission: 'money.read',
  upstream: false,
  resources: [
    { name: 'deposits', list: DepositList, icon: PaymentsIcon, options: { label: 'Deposits' } },
    { name: 'withdrawals', list: WithdrawalQueue, show: WithdrawalShow, icon: AccountBalanceIcon, options: { label: 'Withdrawal queue' } },
  ],
  pages: [{ path: 'withdrawal-history', label: 'Withdrawal history', element: <WithdrawalHistory /> }],
};
