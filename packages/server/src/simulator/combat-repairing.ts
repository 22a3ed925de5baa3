/**
 * A promotion's copied cards bring the same fighters back a fortnight on, but not the same fights:
 * within each card and weight class the fighters are paired afresh, so nobody meets the opponent
 * of the template bout again (a rematch every fortnight is not a fight calendar). The new pairing
 * is a function of the card and the copy's key (ids and kick-off), so every node derives the
 * same; a fighter still appears once a card. Where a class has a single bout on the card (or the
 * bout is a catchweight), there is no one else to meet: the fighters keep each other, corners
 * swapped. A re-paired bout's template prices are not its prices; the calendar lets the bout be
 * priced afresh (`open-markets.ts`).
 */
import { Rng } from "../sample/rng.js";
import type { TemplateFixture } from "./template-fixture.js";

/** A copied bout's corners, and whether they are a new pairing (else the template's, swapped). */
export interface CopiedBout {
  home: string | null;
  away: string | null;
  repaired: boolean;
}

/** "Apex FC 112: Main event, Lightweight" → card "Apex FC 112", class "Lightweight". */
export function boutSlot(round: string | null): { card: string; weightClass: string } {
  const text = round ?? "";
  const at = text.indexOf(": ");
  const card = at < 0 ? text : text.slice(0, at);
  const weightClass = (at < 0 ? "" : text.slice(at + 2)).replace(/^Main event, /, "");
  return { card, weightClass };
}

/** Each template bout's copy, by template id, re-paired within its card and weight class. */
export function repairBouts(
  templates: readonly TemplateFixture[],
  key: string,
): Map<string, CopiedBout> {
  const groups = new Map<string, TemplateFixture[]>();
  for (const template of templates) {
    const { card, weightClass } = boutSlot(template.round);
    // A catchweight bout is between two classes: nobody else on the card is at its weight.
    const group = weightClass.startsWith("Catchweight")
      ? `${template.id}`
      : `${card}|${weightClass}`;
    const members = groups.get(group);
    if (members === undefined) groups.set(group, [template]);
    else members.push(template);
  }
  const copies = new Map<string, CopiedBout>();
  for (const [group, bouts] of [...groups].flatMap(([name, all]) =>
    onePerFighter(all).map((part, i) => [i === 0 ? name : `${name}#${i}`, part] as const),
  )) {
    const pairs = pairAfresh(bouts, new Rng(`combat-repair:${key}:${group}`));
    bouts.forEach((bout, i) => {
      const pair = pairs?.[i];
      copies.set(
        bout.id,
        pair === undefined
          ? { home: bout.away_team_id, away: bout.home_team_id, repaired: false }
          : { ...pair, repaired: true },
      );
    });
  }
  return copies;
}

/**
 * A class's bouts of one card name, split so that no fighter is in a part twice: copies keep a
 * card's name, so a window holding two editions of a card (a compressed calendar) holds its
 * fighters twice, and pairing across them would set a fighter against himself.
 */
function onePerFighter(bouts: readonly TemplateFixture[]): TemplateFixture[][] {
  const ordered = [...bouts].sort((a, b) => a.kickoff.localeCompare(b.kickoff));
  const parts: Array<{ bouts: TemplateFixture[]; fighters: Set<string | null> }> = [];
  for (const bout of ordered) {
    const sides = [bout.home_team_id, bout.away_team_id];
    let part = parts.find((p) => !sides.some((side) => p.fighters.has(side)));
    if (part === undefined) {
      part = { bouts: [], fighters: new Set() };
      parts.push(part);
    }
    part.bouts.push(bout);
    for (const side of sides) part.fighters.add(side);
  }
  return parts.map((p) => p.bouts);
}

/**
 * New pairs for a class's bouts on one card, none of them a template pair, in the bouts' order;
 * undefined when there is none (a single bout, or a side missing).
 */
function pairAfresh(
  bouts: readonly TemplateFixture[],
  rng: Rng,
): Array<{ home: string; away: string }> | undefined {
  const reds = bouts.map((b) => b.home_team_id);
  const blues = bouts.map((b) => b.away_team_id);
  const k = bouts.length;
  if (k < 2 || reds.includes(null) || blues.includes(null)) return undefined;
  const red = reds as string[];
  const blue = blues as string[];
  // Each red corner meets the blue corner of the bout `shift` places on: never the template's.
  // With two bouts the two red corners (and the two blue) may also meet each other instead.
  const options = k === 2 ? k : k - 1;
  const choice = rng.int(1, options);
  const pairs =
    k === 2 && choice === 2
      ? [
          { home: red[0] as string, away: red[1] as string },
          { home: blue[0] as string, away: blue[1] as string },
        ]
      : red.map((home, i) => ({ home, away: blue[(i + choice) % k] as string }));
  // A fighter twice in the class on one card (data from elsewhere): keep the template's bouts.
  return pairs.some((pair) => pair.home === pair.away) ? undefined : pairs;
}
