/** Calls of the system area (platform-contract.md). Each entry is a defineCall(); see src/contract/call.ts. */
export const systemCalls = {};
