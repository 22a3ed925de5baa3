/**
 * A benchmark's helper processes driven over IPC: the parent forks a script and calls named
 * commands on it (`call`), the child answers them (`answerParent`). The child's first message
 * (answer 0) says it is ready and carries what the parent needs to know (a URL, a key).
 */
import { type ChildProcess, fork } from "node:child_process";

export class IpcChild {
  private next = 1;
  private readonly waiting = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  private readonly exited: Promise<void>;
  private readonly ready: Promise<unknown>;
  /** What the child sent when it was ready. */
  info: unknown;

  /** Its pid while it runs. */
  get pid(): number | undefined {
    return this.process.exitCode === null && this.process.signalCode === null
      ? this.process.pid
      : undefined;
  }

  private constructor(private readonly process: ChildProcess) {
    this.ready = new Promise((resolve, reject) => this.waiting.set(0, { resolve, reject }));
    this.exited = new Promise((resolve) => process.once("exit", () => resolve()));
    process.on("message", (raw) => {
      const message = raw as { id: number; ok: boolean; result?: unknown; error?: string };
      const pending = this.waiting.get(message.id);
      if (pending === undefined) return;
      this.waiting.delete(message.id);
      if (message.ok) pending.resolve(message.result);
      else pending.reject(new Error(message.error));
    });
    process.once("exit", (code) => {
      for (const pending of this.waiting.values())
        pending.reject(new Error(`child exited (${code})`));
      this.waiting.clear();
    });
  }

  /** Forks `script` (with tsx and `execArgv`) and waits until it is ready. */
  static async fork(
    script: string,
    env: Record<string, string>,
    execArgv: string[] = [],
  ): Promise<IpcChild> {
    const child = new IpcChild(
      fork(script, [], {
        env: { ...process.env, ...env },
        execArgv: ["--import", "tsx", ...execArgv],
        serialization: "advanced",
        stdio: ["ignore", "ignore", "inherit", "ipc"],
      }),
    );
    child.info = await child.ready;
    return child;
  }

  call<T = unknown>(cmd: string, args: unknown = {}): Promise<T> {
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.process.send({ id, cmd, args });
    });
  }

  /** Asks it to close, and kills it if it has not exited ten seconds later. */
  async stop(): Promise<void> {
    if (this.process.exitCode !== null || this.process.signalCode !== null) return;
    await this.call("close").catch(() => {});
    const timer = setTimeout(() => this.process.kill("SIGKILL"), 10_000);
    await this.exited;
    clearTimeout(timer);
  }
}

export type Handlers = Record<string, (args: Record<string, unknown>) => unknown>;

/** In the child: tells the parent it is ready (with `info`) and answers its commands. */
export function answerParent(info: unknown, handlers: Handlers): void {
  process.on("disconnect", () => process.exit(0));
  process.send?.({ id: 0, ok: true, result: info });
  process.on("message", (raw) => {
    const { id, cmd, args } = raw as { id: number; cmd: string; args: Record<string, unknown> };
    const handler = handlers[cmd];
    Promise.resolve()
      .then(() => {
        if (handler === undefined) throw new Error(`unknown command ${cmd}`);
        return handler(args);
      })
      .then(
        (result) =>
          process.send?.({ id, ok: true, result }, () => {
            if (cmd === "close") process.exit(0);
          }),
        (error: unknown) =>
          process.send?.({
            id,
            ok: false,
            error: error instanceof Error ? error.stack : String(error),
          }),
      );
  });
}
