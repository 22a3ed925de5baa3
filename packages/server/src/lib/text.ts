/** Text helpers: slugs and the accent-insensitive form used by `search`. */

/** Lower case without accents: "Müller" → "muller", "Atlético" → "atletico". */
export function searchable(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .replace(/ß/g, "ss")
    .replace(/ø/g, "o")
    .replace(/æ/g, "ae")
    .replace(/ł/g, "l")
    .replace(/ı/g, "i")
    .toLowerCase()
    .trim();
}

/** URL-friendly slug: "Real Club Deportivo" → "real-club-deportivo". */
export function slugify(text: string): string {
  return searchable(text)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
