/**
 * The two batters at the crease through an innings: who is on strike, each batter's runs and
 * balls faced, and the fifties and hundreds they reach. The striker changes ends on an odd
 * number of runs run (off the bat, byes or leg byes) and at the end of each over; a new batter
 * takes the place of the one out.
 */

export type ExtraKind = "wides" | "noballs" | "byes" | "legbyes";

/** One ball bowled: a legal ball, or a wide or no-ball that is bowled again. */
export interface Delivery {
  /** Legal balls bowled once this delivery is done (a wide or no-ball: the legal balls before it). */
  ball: number;
  legal: boolean;
  /** Runs off the bat. */
  bat: number;
  extras: number;
  kind: ExtraKind | null;
  wicket: boolean;
}

/** A batter's innings so far; batters are numbered by the batting order. */
export interface BatterCard {
  runs: number;
  balls: number;
  out: boolean;
}

/** A milestone (50 or 100) reached, with the balls it took. */
export interface Milestone {
  mark: number;
  balls: number;
}

const MARKS = [50, 100];

export class Crease {
  readonly cards: BatterCard[] = [{ runs: 0, balls: 0, out: false }];
  /** Index (in the batting order) of the batter on strike, and of the other one. */
  striker = 0;
  other = 1;

  constructor(private readonly batters = 11) {
    this.cards.push({ runs: 0, balls: 0, out: false });
  }

  /** Plays one delivery; returns the milestones the striker reached with it. */
  play(d: Delivery): Milestone[] {
    const card = this.cards[this.striker];
    if (card === undefined) return [];
    // A no-ball is a ball faced; a wide is not.
    if (d.legal || d.kind === "noballs") card.balls += 1;
    const before = card.runs;
    card.runs += d.bat;
    const reached = MARKS.filter((mark) => before < mark && card.runs >= mark).map((mark) => ({
      mark,
      balls: card.balls,
    }));
    const run = d.bat + (d.kind === "byes" || d.kind === "legbyes" ? d.extras : 0);
    if (d.wicket) {
      card.out = true;
      if (this.cards.length < this.batters) {
        this.striker = this.cards.length;
        this.cards.push({ runs: 0, balls: 0, out: false });
      }
    } else if (run % 2 === 1) this.swap();
    if (d.legal && d.ball % 6 === 0) this.swap();
    return reached;
  }

  private swap(): void {
    [this.striker, this.other] = [this.other, this.striker];
  }
}
