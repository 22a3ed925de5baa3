/**
 * A tiny typed emitter (no Node EventEmitter, so it runs everywhere). A listener that throws
 * does not stop the others or the stream: its error is rethrown on a microtask, where the
 * platform reports it as uncaught — as EventTarget does.
 */
export type Listener<T> = (value: T) => void;

export class Emitter<Events extends object> {
  private readonly listeners = new Map<keyof Events, Set<Listener<never>>>();

  on<K extends keyof Events>(name: K, listener: Listener<Events[K]>): () => void {
    let set = this.listeners.get(name);
    if (set === undefined) {
      set = new Set();
      this.listeners.set(name, set);
    }
    set.add(listener as Listener<never>);
    return () => this.off(name, listener);
  }

  off<K extends keyof Events>(name: K, listener: Listener<Events[K]>): void {
    this.listeners.get(name)?.delete(listener as Listener<never>);
  }

  emit<K extends keyof Events>(name: K, value: Events[K]): void {
    const set = this.listeners.get(name);
    if (set === undefined) return;
    for (const listener of [...set] as Listener<Events[K]>[]) {
      try {
        listener(value);
      } catch (error) {
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }
}
