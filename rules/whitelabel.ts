import type { WhitelabelNode } from '../contract/calls/system';

/**
 * Flattens the whitelabel switch tree (platform-contract.md §2 "whitelabel switches": `{ modId, enabled: "1"/"0",
 * childrenNodes[] }`) to modId → boolean. A node is on when its own flag is "1" and every ancestor is on (a
 * switched-off module switches off what it contains). Pure; a malformed node is skipped; a module id listed twice
 * keeps the first answer.
 */
export function flattenWhitelabel(tree: readonly WhitelabelNode[] | null | undefined): Record<string, boolean> {
  const flat: Record<string, boolean> = {};
  const visit = (nodes: readonly WhitelabelNode[], parentOn: boolean) => {
    for (const node of nodes) {
      if (!node || typeof node.modId !== 'string') continue;
      const on = parentOn && node.enabled === '1';
      if (!(node.modId in flat)) flat[node.modId] = on;
      if (Array.isArray(node.childrenNodes)) visit(node.childrenNodes, on);
    }
  };
  if (Array.isArray(tree)) visit(tree, true);
  return flat;
}
