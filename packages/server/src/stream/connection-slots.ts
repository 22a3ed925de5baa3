/**
 * Concurrent stream connections per account (ADR-0011: the plan's `websocketConnections`, an
 * account entitlement: every key of the account counts together).
 * `memory` counts one process's connections; `redis` counts every node's (redis-connection-
 * slots.ts). A slot is taken before the upgrade and given back when the socket closes.
 */

export interface SlotResult {
  allowed: boolean;
  /** Connections the group holds (including this one when allowed). */
  count: number;
}

export interface ConnectionSlots {
  /**
   * Atomically: when `group` holds fewer than `limit` connections (null = unlimited), record
   * connection `id` in it. A refused connection is not recorded.
   */
  acquire(group: string, id: string, limit: number | null): Promise<SlotResult>;
  /** Gives the slot back (idempotent). */
  release(group: string, id: string): Promise<void>;
  /** Connections the group holds now (the dashboard's plan page). */
  count(group: string): Promise<number>;
  /** Rejects unless the shared counts answer now (readiness); absent for in-process ones. */
  ping?(): Promise<void>;
  close(): Promise<void>;
}

export class MemoryConnectionSlots implements ConnectionSlots {
  private readonly groups = new Map<string, Set<string>>();

  async acquire(group: string, id: string, limit: number | null): Promise<SlotResult> {
    let members = this.groups.get(group);
    if (members === undefined) {
      members = new Set();
      this.groups.set(group, members);
    }
    if (!members.has(id) && limit !== null && members.size >= limit) {
      return { allowed: false, count: members.size };
    }
    members.add(id);
    return { allowed: true, count: members.size };
  }

  async release(group: string, id: string): Promise<void> {
    const members = this.groups.get(group);
    if (members === undefined) return;
    members.delete(id);
    if (members.size === 0) this.groups.delete(group);
  }

  async count(group: string): Promise<number> {
    return this.groups.get(group)?.size ?? 0;
  }

  async close(): Promise<void> {
    this.groups.clear();
  }
}
