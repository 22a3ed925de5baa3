/**
 * First-pitch times: Retrosheet gives the local start time (`7:10PM`) at the park; this converts
 * it to UTC with the park's IANA time zone (offsets from `Intl.DateTimeFormat`). A missing or
 * implausible time (before 10 AM, e.g. the `3:33AM` placeholder some second games of
 * doubleheaders carry) is estimated: the first game's start plus its length and a 30-minute
 * break, else 1:05 PM for a day game and 7:05 PM for a night game.
 */
/** `7:10PM` → minutes after midnight; null when absent or not a plausible first pitch. */
export function startMinutes(text: string | undefined): number | null {
  const match = /^(\d{1,2}):(\d{2})\s*([AP])M$/i.exec(text ?? "");
  if (!match) return null;
  const hour = (Number(match[1]) % 12) + (match[3]?.toUpperCase() === "P" ? 12 : 0);
  const minutes = hour * 60 + Number(match[2]);
  return minutes >= 10 * 60 ? minutes : null;
}

export const DAY_GAME = 13 * 60 + 5;
export const NIGHT_GAME = 19 * 60 + 5;
export const DOUBLEHEADER_BREAK = 30;
