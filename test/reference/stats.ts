/** z for a two-sided 95 % interval */
export const Z95 = 1.959964;

/** Wilson score interval for x successes out of n (n > 0). */
export function wilson(x: number, n: number, z: number = Z95): { low: number; high: number } {
  if (n <= 0) throw new Error("wilson: n must be > 0");
  const p = x / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const center = (p + z2 / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  return { low: x === 0 ? 0 : Math.max(0, center - half), high: x === n ? 1 : Math.min(1, center + half) };
}

/** Complementary error function (Numerical Recipes erfcc, fractional error < 1.2e-7). */
export function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

/** Standard normal CDF. */
export function normalCdf(x: number): number {
  return 0.5 * erfc(-x / Math.SQRT2);
}

/**
 * Pooled two-proportion z-test of x1/n1 vs x2/n2 (n1, n2 > 0). z has the sign of p2 - p1.
 * When the pooled proportion is 0 or 1 (so both rates are equal) z = 0 and p = 1.
 */
export function twoProportionZTest(x1: number, n1: number, x2: number, n2: number): { z: number; p_value: number } {
  const p1 = x1 / n1;
  const p2 = x2 / n2;
  const p = (x1 + x2) / (n1 + n2);
  const se = Math.sqrt(p * (1 - p) * (1 / n1 + 1 / n2));
  if (se === 0) return { z: 0, p_value: 1 };
  const z = (p2 - p1) / se;
  return { z, p_value: Math.min(1, erfc(Math.abs(z) / Math.SQRT2)) };
}
