import { Hono } from 'hono';
import type { AppEnv } from '../env';

/** Router for /wps/favourite (placeholder until implemented). */
export const favouriteRouter = new Hono<AppEnv>();
