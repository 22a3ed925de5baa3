/**
 * What a chunk's messages will look up, gathered before any of them applies so the batch reads
 * each kind in one statement (`Batch.prefetch`) instead of once per message: the fixtures they
 * name, the players their match events name, the ids of the match events they add, and the
 * price lines and bookmakers of their odds.
 */
import type { Lookups } from "./batch.js";
import { producerEventId } from "./handlers/event.js";
import type { FeedMessage } from "./messages.js";

export function lookupsOf(messages: readonly FeedMessage[]): Lookups {
  const fixtures: Array<{ sport: string; id: string }> = [];
  const players: string[] = [];
  const matchEvents: string[] = [];
  const oddsFixtures: string[] = [];
  const bookmakers: string[] = [];
  for (const message of messages) {
    const { sport } = message;
    switch (message.type) {
      case "status":
      case "lineup":
        fixtures.push({ sport, id: message.data.fixture_id });
        break;
      case "odds":
        fixtures.push({ sport, id: message.data.fixture_id });
        oddsFixtures.push(message.data.fixture_id);
        bookmakers.push(message.data.bookmaker);
        break;
      case "event": {
        const { data } = message;
        fixtures.push({ sport, id: data.fixture_id });
        for (const id of [data.player_id, data.related_player_id]) {
          if (typeof id === "string") players.push(id);
        }
        if (data.event_id !== undefined) {
          matchEvents.push(producerEventId(sport, data.fixture_id, data.event_id));
        }
        break;
      }
      default:
        break;
    }
  }
  return { fixtures, players, matchEvents, oddsFixtures, bookmakers };
}
