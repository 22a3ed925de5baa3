/**
 * The generator's working state: the seed, the anchor moment the dataset is built around
 * ("now": earlier fixtures are finished, later ones upcoming), and the dataset being filled.
 */
import { derivedId, type IdKind } from "../lib/ids.js";
import { isoSeconds } from "../lib/time.js";
import type { Sport } from "../sports/types.js";
import { type Dataset, emptyDataset } from "../store/dataset.js";
import { Rng } from "./rng.js";

export class GenContext {
  readonly dataset: Dataset = emptyDataset();
  /** `updated_at` of every generated row: the anchor, so output depends only on the inputs. */
  readonly stamp: string;
  private readonly countries = new Set<string>();

  constructor(
    readonly seed: number,
    readonly anchor: Date,
    /**
     * Whether the regional competitions that keep every sport live around the clock are built
     * (the `full` world); without them, the `core` world (ADR-0044).
     */
    readonly regions = true,
  ) {
    this.stamp = isoSeconds(anchor);
  }

  /** An independent random stream per label, so sports do not disturb each other. */
  rng(label: string): Rng {
    return new Rng(`${this.seed}:${label}`);
  }

  id(kind: IdKind, sport: Sport, ...parts: Array<string | number>): string {
    return derivedId(kind, this.seed, sport, ...parts);
  }

  addCountry(code: string, name: string): void {
    if (this.countries.has(code)) return;
    this.countries.add(code);
    this.dataset.countries.push({ code, name, updated_at: this.stamp });
  }
}
