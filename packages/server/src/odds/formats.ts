/**
 * Price formats (docs/odds.md). The model stores decimal prices quoted to two decimals, at
 * least 1.01. Every conversion works on whole hundredths, so decimal → American → decimal and
 * decimal → fractional → decimal give back the same price exactly:
 *
 * - American: +(decimal − 1) × 100 from 2.00 up (2.50 → +150), −100 / (decimal − 1) below
 *   (1.91 → −109.89), rounded to two decimals.
 * - Fractional: (decimal − 1) as a reduced fraction of hundredths (2.50 → "3/2", 1.91 →
 *   "91/100", 2.00 → "1/1"); "evens"/"EVS" parse as 2.00.
 */

export const ODDS_FORMATS = ["decimal", "american", "fractional"] as const;
export type OddsFormat = (typeof ODDS_FORMATS)[number];

/** The lowest price the model quotes. */
const MIN_DECIMAL = 1.01;
const MIN_CENTS = 101;

/** A price that cannot be read or is out of range. */
export class PriceFormatError extends RangeError {
  constructor(message: string) {
    super(message);
    this.name = "PriceFormatError";
  }
}

/** Hundredths of `x`, immune to binary noise (1.005 × 100 = 100.4999… still rounds to 101). */
function hundredths(x: number): number {
  return Math.round(Number((x * 100).toPrecision(12)));
}

function centsOf(decimal: number): number {
  if (!Number.isFinite(decimal)) throw new PriceFormatError(`price ${decimal} is not a number`);
  const cents = hundredths(decimal);
  if (cents < MIN_CENTS) {
    throw new PriceFormatError(`decimal price ${decimal} is below the minimum ${MIN_DECIMAL}`);
  }
  return cents;
}

function gcd(a: number, b: number): number {
  let [x, y] = [Math.abs(a), Math.abs(b)];
  while (y !== 0) [x, y] = [y, x % y];
  return x;
}

/** The two-decimal decimal price, checked to be at least 1.01. */
function normaliseDecimal(decimal: number): number {
  return centsOf(decimal) / 100;
}

/** 2.5 → 150, 1.91 → −109.89, 2.0 → 100. */
export function decimalToAmerican(decimal: number): number {
  const profit = centsOf(decimal) - 100;
  if (profit >= 100) return profit;
  return -Math.round(1_000_000 / profit) / 100;
}

/** 150 → 2.5, −109.89 → 1.91; |american| must be at least 100. */
export function americanToDecimal(american: number): number {
  if (!Number.isFinite(american) || Math.abs(american) < 100) {
    throw new PriceFormatError(`American price ${american} must be +100 or more, or −100 or less`);
  }
  const profitCents = american > 0 ? american : 10_000 / -american;
  return centsOf((100 + profitCents) / 100) / 100;
}

/** 2.5 → "3/2", 1.91 → "91/100", 2.0 → "1/1". */
export function decimalToFractional(decimal: number): string {
  const profit = centsOf(decimal) - 100;
  const divisor = gcd(profit, 100);
  return `${profit / divisor}/${100 / divisor}`;
}

/** Numerator and denominator → decimal: 3/2 → 2.5. */
function fractionToDecimal(numerator: number, denominator: number): number {
  if (!(denominator > 0) || !(numerator >= 0)) {
    throw new PriceFormatError(`fraction ${numerator}/${denominator} is not a price`);
  }
  return centsOf(1 + numerator / denominator) / 100;
}

const EVENS = new Set(["evens", "even", "evs", "ev", "evn"]);
const FRACTION = /^(\d+)\s*[/-]\s*(\d+)$/;
const AMERICAN = /^[+-]?\d+(\.\d+)?$/;
const DECIMAL = /^\d+(\.\d+)?$/;

/** "5/2" → 3.5, "evens" → 2.0; also "5-2" as some feeds write it. */
export function parseFractional(text: string): number {
  const trimmed = text.trim().toLowerCase();
  if (EVENS.has(trimmed)) return 2;
  const match = FRACTION.exec(trimmed);
  if (match === null)
    throw new PriceFormatError(`${JSON.stringify(text)} is not a fractional price`);
  return fractionToDecimal(Number(match[1]), Number(match[2]));
}

/** "+150" → 2.5, "-109.89" → 1.91; a number is taken as is. */
export function parseAmerican(value: string | number): number {
  if (typeof value === "number") return americanToDecimal(value);
  const trimmed = value.trim().replace(/^−/, "-");
  if (!AMERICAN.test(trimmed)) {
    throw new PriceFormatError(`${JSON.stringify(value)} is not an American price`);
  }
  return americanToDecimal(Number(trimmed));
}

/** "2.50" → 2.5; a number is taken as is. */
export function parseDecimal(value: string | number): number {
  if (typeof value === "number") return normaliseDecimal(value);
  const trimmed = value.trim();
  if (!DECIMAL.test(trimmed)) {
    throw new PriceFormatError(`${JSON.stringify(value)} is not a decimal price`);
  }
  return normaliseDecimal(Number(trimmed));
}

/** A bookmaker's price in its native format → the model's decimal price. */
export function parsePrice(value: string | number, format: OddsFormat): number {
  switch (format) {
    case "decimal":
      return parseDecimal(value);
    case "american":
      return parseAmerican(value);
    case "fractional":
      if (typeof value !== "string") {
        throw new PriceFormatError(`fractional price must be text like "5/2", got ${value}`);
      }
      return parseFractional(value);
  }
}

/** A decimal price in the requested format: numbers for decimal and American, text for fractional. */
export function formatPrice(decimal: number, format: OddsFormat): number | string {
  switch (format) {
    case "decimal":
      return normaliseDecimal(decimal);
    case "american":
      return decimalToAmerican(decimal);
    case "fractional":
      return decimalToFractional(decimal);
  }
}
