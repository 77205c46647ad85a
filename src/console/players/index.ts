import type { ConsoleArea } from '../registry';
import { PlayerList } from './PlayerList';
import { PlayerShow } from './PlayerShow';
import { AdjustmentList } from './AdjustmentList';

/**
 * The Players area of the back office (docs/back-office.md "Players"): the player search and each player's page
 * (resource `players`), and the manual balance adjustments waiting for a second operator (resource `adjustments`).
 * Built-in mode only: in upstream mode the platform keeps players and money.
 */
export const playersArea: ConsoleArea = {
  name: 'players',
  permission: 'players.read',
  upstream: false,
  resources: [
    { name: 'players', list: PlayerList, show: PlayerShow, options: { label: 'Players' } },
    { name: 'adjustments', list: AdjustmentList, options: { label: 'Adjustments' } },
  ],
};
