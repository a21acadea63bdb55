// fast-check building blocks shared by the property-based bad-input tests of every area.
import fc from 'fast-check';

/** A value of the right kind most of the time, else anything JSON can carry, else absent. */
export const maybe = <T>(arb: fc.Arbitrary<T>) =>
  fc.oneof(
    { arbitrary: arb, weight: 4 },
    { arbitrary: fc.jsonValue({ maxDepth: 2 }), weight: 1 },
    fc.constant(undefined),
  );

/** Amounts around every edge: negatives, NaN and infinities, three decimals, past any cap. */
export const money = fc.oneof(
  fc.integer({ min: -10, max: 2_000_000 }),
  fc.double({ noNaN: false }),
  fc.constantFrom(0, 0.01, 0.1, 10.05, 10.005, -1, 1e6, 1e9, 1e12, Number.MAX_SAFE_INTEGER),
);
