import type { Bindings } from '../../env';

/** The fetch used for every call that leaves the worker (SMS gateway, identity providers). */
export type OutboundFetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

/**
 * Outbound calls go through the optional OUTBOUND service binding when one is bound (an egress proxy in
 * production, a local stand-in in tests, so no test call leaves the machine), else through global fetch.
 */
export function outboundFetch(env: Bindings): OutboundFetch {
  const binding = env.OUTBOUND;
  if (binding) return (input, init) => binding.fetch(input, init);
  return (input, init) => fetch(input, init);
}
