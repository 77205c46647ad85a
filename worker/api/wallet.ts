import { Hono } from 'hono';
import type { AppEnv } from '../env';

/** Router for /wps/wallet (placeholder until implemented). */
export const walletRouter = new Hono<AppEnv>();
