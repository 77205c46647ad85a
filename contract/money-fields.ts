/**
 * Where each contract call carries money (docs/design.md, Money), for the browser, which runs no schema: per call
 * name, the paths of the money fields (contract/money.ts `money()`, `moneyText()`) in its query, body and answer
 * value (path syntax: contract/money-paths.ts). The browser's client (src/api/client.ts) applies the money codec by
 * them: integer minor units in the browser, decimal currency units on the wire.
 *
 * Written by `npm run money-fields` (scripts/money-fields.ts) from the schemas; do not edit by hand.
 * tests/unit/contract/money-fields.test.ts fails when it no longer matches them.
 */
import type { MoneyFields } from './money';

export const MONEY_FIELDS: Readonly<Record<string, MoneyFields>> = {
  gameList: { query: ["minBet"], value: ["games.[].minBet"] },
  hotGames: { value: ["list.[].minBet"] },
  winnerBoard: { value: ["list.[].vo.winAmount"] },
  favouriteList: { value: ["content.[].minBet"] },
  recentGames: { value: ["[].minBet"] },
  demoSlotGame: { value: ["stakes.[]"] },
  demoSlotSpin: { body: ["stake"], value: ["stake", "winAmount", "balance"] },
  demoGame: { value: ["stakes.[]"] },
  demoPlay: { body: ["stake"], value: ["round.stake", "round.winAmount", "balance"] },
  wallet: { value: ["sumBalance", "balance.[].availBalance", "bonusBalance", "wageringRequired", "wageringDone"] },
  orderSearch: { value: ["orders.content.[].totalStake", "orders.content.[].payout", "orders.content.[].refund"] },
  orderDetail: { value: ["totalStake", "payout", "refund", "subOrders.[].stake", "subOrders.[].payout"] },
  orderInfo: { value: ["orderDetails.content.[].stake", "orderDetails.content.[].payout"] },
  cancelOrders: { value: ["orders.[].totalStake", "orders.[].payout", "orders.[].refund", "orders.[].subOrders.[].stake", "orders.[].subOrders.[].payout", "balance"] },
  todayOrders: { value: ["orders.content.[].totalStake", "orders.content.[].payout", "orders.content.[].refund"] },
  betting: { body: ["betCartAmountSum"], value: ["order.totalStake", "order.payout", "order.refund", "order.subOrders.[].stake", "order.subOrders.[].payout", "balance"] },
  lotteryGameList: { value: ["list.[].minStake", "list.[].maxStake", "list.[].maxPayout"] },
  gameSetting: { value: ["minStake", "maxStake", "maxPayout"] },
  jackpot: { value: ["amount"] },
  paymentMethods: { value: ["methods.[].minAmount", "methods.[].maxAmount"] },
  depositCreate: { body: ["amount"], value: ["amount", "balance"] },
  depositStatus: { value: ["amount", "balance"] },
  withdrawInfo: { value: ["minAmount", "maxAmount", "available", "withdrawals.[].amount", "bonusBalance", "wageringRequired", "wageringDone"] },
  withdrawRequest: { body: ["amount"], value: ["withdrawal.amount", "balance"] },
  transactions: { value: ["list.[].amount", "list.[].balanceAfter", "totals.deposits", "totals.withdrawals", "totals.netDeposits", "totals.bonuses", "totals.rounds"] },
  walletBalanceV2: { value: ["balance.[].availBalance"] },
  gameHistory: { value: ["items.[].stake", "items.[].winAmount", "items.[].refund", "items.[].net", "totals.stake", "totals.winAmount", "totals.net"] },
  gameHistoryRound: { value: ["stake", "winAmount"] },
  signInStatus: { value: ["todayReward", "rewards.[]"] },
  signInClaim: { value: ["reward", "balance"] },
  leaderboard: { value: ["entries.[].amount", "mine.amount"] },
  rewardList: { value: ["rewards.[].amount"] },
  rewardClaim: { value: ["reward.amount", "balance"] },
  inviteInfo: { value: ["reward", "earned", "friends.[].reward"] },
  protectionLimits: { value: ["limits.[].limit", "limits.[].used", "limits.[].remaining", "limits.[].pending.value"] },
  protectionSetLimit: { body: ["amount"], value: ["limits.limits.[].limit", "limits.limits.[].used", "limits.limits.[].remaining", "limits.limits.[].pending.value"] },
  protectionSetSessionLimit: { value: ["limits.limits.[].limit", "limits.limits.[].used", "limits.limits.[].remaining", "limits.limits.[].pending.value"] },
  protectionConfirmLimit: { value: ["limits.[].limit", "limits.[].used", "limits.[].remaining", "limits.[].pending.value"] },
  protectionDepositPrompt: { value: ["limits.[].limit", "limits.[].used", "limits.[].remaining", "limits.[].pending.value"] },
  realityCheck: { value: ["netResult"] },
  realityCheckInterval: { value: ["netResult"] },
  realityCheckContinue: { value: ["netResult"] },
  statement: { value: ["deposits", "withdrawals", "netDeposits", "bets", "wins", "netResult"] },
  protectionPayout: { value: ["amount", "balance"] },
};
