/**
 * Who is on a football pitch as the match clock runs. A player takes part only while on it:
 * a starter until substituted or sent off, a substitute from coming on. A player who went off
 * never returns, and a sent-off player is not replaced, so a match script that asks this for
 * its scorers, bookings and changes never names somebody who is not playing.
 */
import type { Rng } from "../rng.js";
import type { Lineup, SquadPlayer } from "../team-sport-profile.js";

/** How much likelier a player already booked is to be booked again than an unbooked one. */
const BOOKED_AGAIN = 0.3;

export class Pitch {
  private readonly playing: SquadPlayer[];
  private readonly bench: SquadPlayer[];
  private readonly starters: ReadonlySet<SquadPlayer>;
  private readonly booked = new Set<SquadPlayer>();

  constructor(lineup: Lineup) {
    this.playing = [...lineup.starters];
    this.bench = [...lineup.substitutes];
    this.starters = new Set(lineup.starters);
  }

  /** The players on the pitch now. */
  get players(): readonly SquadPlayer[] {
    return this.playing;
  }

  /** The players on the pitch now, goalkeepers left out. */
  get outfield(): SquadPlayer[] {
    return this.playing.filter((p) => p.position !== "goalkeeper");
  }

  /**
   * A substitution: an outfield starter still on goes off, an unused outfield substitute comes
   * on. Null when either is missing (everybody has been changed, or the bench is empty).
   */
  substitute(rng: Rng): { on: SquadPlayer; off: SquadPlayer } | null {
    const leaving = this.outfield.filter((p) => this.starters.has(p));
    const waiting = this.bench.filter((p) => p.position !== "goalkeeper");
    if (leaving.length === 0 || waiting.length === 0) return null;
    const off = rng.pick(leaving);
    const on = rng.pick(waiting);
    this.playing.splice(this.playing.indexOf(off), 1, on);
    this.bench.splice(this.bench.indexOf(on), 1);
    return { on, off };
  }

  /**
   * A booking of an outfield player on the pitch (a booked one is less likely to be picked). A
   * second one sends the player off: `sentOff` is then true and the player leaves for good.
   */
  book(rng: Rng): { player: SquadPlayer; sentOff: boolean } | null {
    const candidates = this.outfield;
    if (candidates.length === 0) return null;
    const weights = candidates.map((p) => (this.booked.has(p) ? BOOKED_AGAIN : 1));
    const player = rng.weighted(candidates, weights);
    const sentOff = this.booked.has(player);
    if (sentOff) this.remove(player);
    else this.booked.add(player);
    return { player, sentOff };
  }

  /** A straight red card for an outfield player on the pitch, who leaves for good. */
  sendOff(rng: Rng): SquadPlayer | null {
    const candidates = this.outfield;
    if (candidates.length === 0) return null;
    const player = rng.pick(candidates);
    this.remove(player);
    return player;
  }

  private remove(player: SquadPlayer): void {
    this.playing.splice(this.playing.indexOf(player), 1);
  }
}
