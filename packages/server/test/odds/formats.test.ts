import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  americanToDecimal,
  decimalToAmerican,
  decimalToFractional,
  formatPrice,
  PriceFormatError,
  parseAmerican,
  parseDecimal,
  parseFractional,
  parsePrice,
} from "../../src/odds/formats.js";

/** Every two-decimal price from 1.01 to 50.00. */
function* twoDecimalPrices() {
  for (let cents = 101; cents <= 5000; cents++) yield cents / 100;
}

describe("price formats", () => {
  test("decimal → American → decimal is exact for every two-decimal price up to 50.00", () => {
    for (const decimal of twoDecimalPrices()) {
      const american = decimalToAmerican(decimal);
      assert.equal(Math.round(american * 100) / 100, american, `${american} has two decimals`);
      assert.equal(americanToDecimal(american), decimal, `${decimal} → ${american}`);
      assert.equal(parseAmerican(american > 0 ? `+${american}` : String(american)), decimal);
    }
  });

  test("decimal → fractional → decimal is exact, with reduced fractions", () => {
    for (const decimal of twoDecimalPrices()) {
      const fractional = decimalToFractional(decimal);
      const [numerator, denominator] = fractional.split("/").map(Number) as [number, number];
      assert.ok(Number.isInteger(numerator) && Number.isInteger(denominator));
      assert.ok(100 % denominator === 0, `${fractional}: denominator divides 100`);
      let [x, y] = [numerator, denominator];
      while (y !== 0) [x, y] = [y, x % y];
      assert.equal(x, 1, `${fractional} is reduced`);
      assert.equal(parseFractional(fractional), decimal, `${decimal} → ${fractional}`);
    }
  });

  test("known values", () => {
    const known: [number, number, string][] = [
      [2.5, 150, "3/2"],
      [1.5, -200, "1/2"],
      [1.91, -109.89, "91/100"],
      [2.0, 100, "1/1"],
      [2.1, 110, "11/10"],
      [3.5, 250, "5/2"],
      [1.01, -10000, "1/100"],
      [11, 1000, "10/1"],
    ];
    for (const [decimal, american, fractional] of known) {
      assert.equal(decimalToAmerican(decimal), american);
      assert.equal(decimalToFractional(decimal), fractional);
      assert.equal(americanToDecimal(american), decimal);
      assert.equal(parseFractional(fractional), decimal);
      assert.equal(formatPrice(decimal, "decimal"), decimal);
      assert.equal(formatPrice(decimal, "american"), american);
      assert.equal(formatPrice(decimal, "fractional"), fractional);
    }
  });

  test("parsing each format's text", () => {
    assert.equal(parseFractional("5/2"), 3.5);
    assert.equal(parseFractional(" 5 / 2 "), 3.5);
    assert.equal(parseFractional("5-2"), 3.5);
    assert.equal(parseFractional("100/30"), 4.33);
    for (const evens of ["evens", "EVS", "Evs", "even", "1/1"]) {
      assert.equal(parseFractional(evens), 2, evens);
    }
    assert.equal(parseAmerican("+150"), 2.5);
    assert.equal(parseAmerican("-200"), 1.5);
    assert.equal(parseAmerican("−109.89"), 1.91);
    assert.equal(parseAmerican(-100), 2);
    assert.equal(parseDecimal("2.50"), 2.5);
    assert.equal(parseDecimal(1.005), 1.01);
    assert.equal(parsePrice("11/10", "fractional"), 2.1);
    assert.equal(parsePrice("-110", "american"), 1.91);
    assert.equal(parsePrice(" 3.4 ", "decimal"), 3.4);
  });

  test("garbage and out-of-range prices are rejected", () => {
    const bad: [() => unknown, string][] = [
      [() => parseFractional("five to two"), "words"],
      [() => parseFractional("5/0"), "zero denominator"],
      [() => parseFractional("0/1"), "no profit"],
      [() => parseFractional("1/1000"), "below 1.01"],
      [() => parseFractional(""), "empty"],
      [() => parseAmerican("abc"), "letters"],
      [() => parseAmerican("+50"), "inside ±100"],
      [() => parseAmerican(Number.NaN), "NaN"],
      [() => parseDecimal("1.00"), "below 1.01"],
      [() => parseDecimal("2,5"), "comma"],
      [() => parseDecimal(Number.POSITIVE_INFINITY), "infinite"],
      [() => parsePrice(2.5, "fractional"), "number as fractional"],
      [() => decimalToAmerican(0.5), "decimal below 1.01"],
    ];
    for (const [parse, what] of bad) assert.throws(parse, PriceFormatError, what);
  });
});
