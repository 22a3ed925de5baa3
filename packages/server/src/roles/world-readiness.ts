/** What `/readyz` reports of a sample world loading behind a role (ADR-0052). */
import type { ReadinessCheck } from "../http/routes/health.js";
import type { WorldLoad } from "../sample/world-load.js";

export function worldReadiness(world: WorldLoad): ReadinessCheck {
  return { name: "sample_world", check: () => world.check(), pending: () => world.pending() };
}
