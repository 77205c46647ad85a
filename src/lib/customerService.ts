/**
 * Customer-service entries (player-shell §3 "Customer-service entry: csType (CS, WHATSAPP, LIVECHAT), path").
 * Pure.
 */

/** One entry as the system status gives it. */
export interface CustomerServiceEntry {
  csType: string;
  path: string;
}

/**
 * The entry behind home's floating customer-service button (player-shell §2 Home "floating customer-service button
 * (only if a customer-service entry of type CS exists)"): the first CS entry with a link, else null (no button).
 */
export function floatingServiceEntry(entries: readonly CustomerServiceEntry[] | null | undefined): CustomerServiceEntry | null {
  return entries?.find((entry) => entry.csType === 'CS' && entry.path !== '') ?? null;
}
