/** What the stream-fanout children answer the parent. */

export interface Memory {
  rss: number;
  heapUsed: number;
  external: number;
  stats: {
    connections: number;
    subscriptions: number;
    messagesSent: number;
    slowConsumers: number;
  };
}

export interface Connected {
  open: number;
  failures: number;
  ms: number;
}

export interface IngestResult {
  sent: number;
  applied: number;
  queuedMs: number[];
  /** The server's CPU time over the wall time of the ingest loop (1 = one core). */
  busy: number;
}

export interface Burst {
  received: number;
  ms: number;
  rate: number;
  cpuMs: number;
  cpuUsPerMessage: number;
  userUsPerMessage: number;
  systemUsPerMessage: number;
  clientCpuMs: number;
  /** Machine-wide irq + softirq time per message (the loopback's TCP delivery). */
  softirqUsPerMessage: number;
  /** Cores used by other processes during the round. */
  others: number;
  sample: string;
}

export interface Cpu {
  user: number;
  system: number;
}
