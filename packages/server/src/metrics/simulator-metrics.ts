/** The live simulator: the matches each running simulator is playing now, per sport. */
import { Gauge } from "prom-client";
import type { MetricsHost } from "./labels.js";
import { registry } from "./registry.js";
import { Sources } from "./sources.js";

export interface SimulatorSource {
  host: MetricsHost;
  /** Matches live now by sport; every sport the simulator runs, those without one at 0. */
  liveBySport(): ReadonlyMap<string, number>;
}

export const simulatorSources = new Sources<SimulatorSource>();

new Gauge({
  name: "scoreline_simulator_matches_live",
  help: "Matches the live simulator is playing now, by sport (only the elected worker's simulator runs, ADR-0037)",
  labelNames: ["host", "sport"],
  registers: [registry],
  collect() {
    this.reset();
    for (const source of simulatorSources.values()) {
      for (const [sport, n] of source.liveBySport()) this.inc({ host: source.host, sport }, n);
    }
  },
});
