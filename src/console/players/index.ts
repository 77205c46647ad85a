import PeopleIcon from '@mui/icons-material/People';
import PriceCheckIcon from '@mui/icons-material/PriceCheck';
import { PlayerList } from './PlayerList';
import { PlayerShow } from './PlayerShow';
import { AdjustmentList } from './AdjustmentList';

/**
 * The Players area of the back office (docs/back-office.md "Players"): the player search and each player's page
 * (resource `players`), and the manual balance adjustments waiting for a second operator (resource `adjustments`).
 * Built-in mode only: in upstream mode the platform keeps players and money. A ConsoleArea (src/console/registry.ts),
 * checked as one where src/console/areas.ts lists it: this folder does not import the folder that lists the areas.
 */
export const playersArea = {
  name: 'players',
  permission: 'players.read' as const,
  upstream: false,
  resources: [
    { name: 'players', list: PlayerList, show: PlayerShow, icon: PeopleIcon, options: { label: 'Players' } },
    { name: 'adjustments', list: AdjustmentList, icon: PriceCheckIcon, options: { label: 'Balance adjustments' } },
  ],
};
