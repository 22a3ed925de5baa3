/**
 * Fighters by name. The file names fighters and nothing else, so a name's slug is an identity:
 * spellings of one name ("Kai Kara-France" and "Kai Kara France", "JunYong Park" and "Junyong
 * Park") are one fighter, shown under the spelling of their latest bout; two fighters who share a
 * name (the flyweight and the middleweight Bruno Silva) are one competitor here. Each fighter is a `players` row and an `individual` team row linked by `player_id`; the
 * profile (stance, height, reach, weight, weight class) is the fighter's latest appearance in
 * the whole file, so every year's unit writes the same rows and a re-import changes nothing.
 * Pure.
 */
import { derivedId } from "../../lib/ids.js";
import { searchable, slugify } from "../../lib/text.js";
import type { RecordOf } from "../../store/dataset.js";
import type { Bout, FighterNight } from "./read-bout.js";
import { SOURCE, SPORT } from "./ufc-competition.js";

export interface FighterRows {
  player: RecordOf<"players">;
  team: RecordOf<"teams">;
}

/** One fighter however the file spells the name. */
export const fighterKey = (name: string) => slugify(name);
export const fighterTeamId = (name: string) => derivedId("tm", SOURCE, SPORT, fighterKey(name));
const fighterPlayerId = (name: string) => derivedId("pl", SOURCE, SPORT, fighterKey(name));

interface Latest {
  night: FighterNight;
  bout: Bout;
}

/**
 * Every fighter's rows by `fighterKey`, from their latest bout in the file (latest date, then
 * first listed).
 */
export function fighterRows(bouts: readonly Bout[], stamp: string): Map<string, FighterRows> {
  const latest = new Map<string, Latest>();
  for (const bout of bouts) {
    for (const night of [bout.red, bout.blue]) {
      const key = fighterKey(night.name);
      const known = latest.get(key);
      const newer =
        known === undefined ||
        bout.date > known.bout.date ||
        (bout.date === known.bout.date && bout.line < known.bout.line);
      if (newer) latest.set(key, { night, bout });
    }
  }
  const rows = new Map<string, FighterRows>();
  for (const [key, { night, bout }] of latest) rows.set(key, rowsOf(night, bout, stamp));
  return rows;
}

function rowsOf(night: FighterNight, bout: Bout, stamp: string): FighterRows {
  const { name } = night;
  const slug = slugify(name);
  const playerId = fighterPlayerId(name);
  const teamId = fighterTeamId(name);
  const [first = name, ...rest] = name.split(" ");
  const last = rest.length === 0 ? name : rest.join(" ");
  const firstName = rest.length === 0 ? "" : first;
  const detail = {
    stance: night.stance === null ? null : slugify(night.stance).replace(/-/g, "_"),
    weight_class: bout.weightClass,
    reach_cm: night.reachCm,
    weight_lbs: night.weightLbs,
    /** The card the profile was read from. */
    as_of: bout.date,
  };
  const names = { slug, name, search_name: searchable(name) };
  return {
    player: {
      ...names,
      id: playerId,
      sport: SPORT,
      team_id: teamId,
      first_name: firstName,
      last_name: last,
      position: bout.weightClass,
      nationality: null,
      date_of_birth: null,
      shirt_number: null,
      height_cm: night.heightCm === null ? null : Math.round(night.heightCm),
      detail,
      updated_at: stamp,
    },
    team: {
      ...names,
      id: teamId,
      sport: SPORT,
      short_name: firstName === "" ? name : `${firstName.charAt(0)}. ${last}`,
      abbreviation: abbreviation(last),
      kind: "individual",
      country_code: null,
      city: null,
      founded: null,
      venue: null,
      player_id: playerId,
      updated_at: stamp,
    },
  };
}

/** "Jones" → "JON", "Ng" → "NGX" (as the sample's fighters). */
function abbreviation(lastName: string): string {
  return slugify(lastName).replace(/-/g, "").slice(0, 3).toUpperCase().padEnd(3, "X");
}
