/**
 * The catalogue's input schemas live with the call definitions (contract/calls/catalogue*.ts, favourites.ts,
 * demo.ts); this module keeps the game-type list other routers (the winner board's lottery params) import.
 */
export { LISTABLE_GAME_TYPES } from '../../../contract/calls/catalogue-schemas';
