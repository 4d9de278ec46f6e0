/**
 * Statistics of the version comparison (docs/metrics.md "Comparing two versions"):
 * Wilson score intervals and the pooled two-proportion z-test, both at 95 %.
 */

/** The normal quantile of 0.975: a two-sided 95 % interval. */
export const Z_95 = 1.959964;

/** Wilson score interval of x successes in n trials (n > 0); exact 0 / 1 at the ends, where the formula only rounds to them. */
export function wilsonInterval(x: number, n: number, z = Z_95): { low: number; high: number } {
  if (n <= 0) throw new RangeError("wilsonInterval needs n > 0");
  const p = x / n;
  const z2 = z * z;
  const scale = 1 + z2 / n;
  const center = (p + z2 / (2 * n)) / scale;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / scale;
  return { low: x === 0 ? 0 : Math.max(0, center - half), high: x === n ? 1 : Math.min(1, center + half) };
}

/** erfc by the Numerical Recipes rational approximation (fractional error below 1.2e-7): enough for a p-value. */
function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const polynomial =
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
                    t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277))))))));
  const value = t * Math.exp(polynomial);
  return x >= 0 ? value : 2 - value;
}

/**
 * Pooled two-proportion z-test of x1/n1 against x2/n2 (both n > 0), two-sided.
 * z has the sign of p2 - p1. With a pooled rate of 0 or 1 both rates are equal: z = 0, p = 1.
 */
export function twoProportionZTest(x1: number, n1: number, x2: number, n2: number): { z: number; pValue: number } {
  const pooled = (x1 + x2) / (n1 + n2);
  const standardError = Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2));
  if (standardError === 0) return { z: 0, pValue: 1 };
  const z = (x2 / n2 - x1 / n1) / standardError;
  return { z, pValue: Math.min(1, erfc(Math.abs(z) / Math.SQRT2)) };
}
