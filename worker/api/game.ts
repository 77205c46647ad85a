import { Hono } from 'hono';
import type { AppEnv } from '../env';

/** Router for /wps/game (placeholder until implemented). */
export const gameRouter = new Hono<AppEnv>();
