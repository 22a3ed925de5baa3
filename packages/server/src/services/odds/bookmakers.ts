/**
 * The `bookmaker` filter: a bookmaker's slug or name (any case), or `consensus` for the
 * consensus entries alone. Anything else is a 400 naming the known ones.
 */

import { invalidParameter } from "../../errors/service-error.js";
import { compactName } from "../../odds/market.js";
import type { ServiceContext } from "../context.js";
import { CONSENSUS } from "./lines.js";

export async function resolveBookmaker(ctx: ServiceContext, ref: string): Promise<string> {
  const wanted = compactName(ref);
  if (wanted === compactName(CONSENSUS.slug)) return CONSENSUS.slug;
  const books = await ctx.store.db
    .selectFrom("bookmakers")
    .select(["slug", "name"])
    .orderBy("slug")
    .execute();
  const book = books.find((b) => compactName(b.slug) === wanted || compactName(b.name) === wanted);
  if (book === undefined) {
    const known = [...books.map((b) => b.slug), CONSENSUS.slug].join(", ");
    throw invalidParameter(
      "bookmaker",
      `bookmaker ${JSON.stringify(ref)} is not known; use one of: ${known}`,
    );
  }
  return book.slug;
}
