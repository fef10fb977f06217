// Is the difference between two proportions (e.g. show rates of two groups) larger than chance? A pooled
// two-proportion z test, two-sided, at the 5 % level, and a minimum sample below which it says nothing.

/** Successes (e.g. meetings the lead attended) out of trials (meetings with an outcome). */
export type Proportion = { successes: number; trials: number };

export type TwoProportionResult = { z: number; pValue: number };

/** The level below which a p-value counts as "larger than chance". */
export const SIGNIFICANCE_LEVEL = 0.05;

/**
 * Below this the test says "ainda poucos dados". Each group needs at least 30 trials and at least 5 successes
 * and 5 failures: the z test replaces each binomial by a normal curve, which textbooks accept once every cell
 * holds 5 or more (n·p ≥ 5 and n·(1 − p) ≥ 5); the 30 keeps a handful of meetings from swinging the answer
 * when the rates sit in the middle.
 */
export const MIN_TRIALS_PER_GROUP = 30;
export const MIN_EACH_OUTCOME = 5;

/**
 * erfc(x), Numerical Recipes' Chebyshev fit (fractional error below 1.2e-7 everywhere). Hand-written because
 * the registry's well-kept options do not fit a browser chunk: @stdlib's normal CDF and erfc bring native-addon
 * machinery (library-manifest, napi) with a dozen packages, simple-statistics reads the normal CDF from a
 * table in steps of 0.01 in z (too coarse for a p-value near 0.05), and jStat is a whole library for one curve.
 */
export function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r = t * Math.exp(-z * z - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806
    + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))));
  return x >= 0 ? r : 2 - r;
}

/** Two-sided p-value of a standard normal z: P(|Z| ≥ |z|) = erfc(|z| / √2). */
export const twoSidedP = (z: number): number => Math.min(1, erfc(Math.abs(z) / Math.SQRT2));

/**
 * The pooled two-proportion z test of a against b: z = (p̂a − p̂b) / √(p̂(1 − p̂)(1/na + 1/nb)) with p̂ the
 * pooled proportion. Null when it is undefined: a group without trials, or every trial alike in both groups
 * (no variance: nothing to tell apart).
 */
export function twoProportionTest(a: Proportion, b: Proportion): TwoProportionResult | null {
  if (a.trials <= 0 || b.trials <= 0) return null;
  const pooled = (a.successes + b.successes) / (a.trials + b.trials);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / a.trials + 1 / b.trials));
  if (!(se > 0)) return null;
  const z = (a.successes / a.trials - b.successes / b.trials) / se;
  return { z, pValue: twoSidedP(z) };
}

/** Whether each group is past the minimum sample (MIN_TRIALS_PER_GROUP, MIN_EACH_OUTCOME). */
export const enoughData = (...groups: Proportion[]): boolean =>
  groups.every((g) => g.trials >= MIN_TRIALS_PER_GROUP && g.successes >= MIN_EACH_OUTCOME && g.trials - g.successes >= MIN_EACH_OUTCOME);

const percent = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const pFormat = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 3, maximumFractionDigits: 3 });
const formatPercent = (g: Proportion) => `${percent.format((g.successes / g.trials) * 100)} %`;
/** "p = 0,012", or "p < 0,001" (three decimals say nothing smaller). */
export const formatP = (p: number) => (p < 0.001 ? 'p < 0,001' : `p = ${pFormat.format(p)}`);

/**
 * The plain pt-BR sentence on a comparison: too little data, a difference larger than chance at 5 %, or one
 * chance may explain — with the rates and the p-value. `what` names the proportion ("Comparecimento").
 */
export function comparisonSentence(
  a: Proportion & { name: string }, b: Proportion & { name: string }, what: string,
): string {
  if (!enoughData(a, b)) {
    return `Ainda poucos dados para comparar ${a.name} e ${b.name}: o teste precisa de pelo menos ${MIN_TRIALS_PER_GROUP} reuniões com resultado em cada grupo, com ${MIN_EACH_OUTCOME} comparecimentos e ${MIN_EACH_OUTCOME} faltas no mínimo (agora: ${a.trials} e ${b.trials}).`;
  }
  const test = twoProportionTest(a, b)!;
  const rates = `${what} — ${a.name}: ${formatPercent(a)}; ${b.name}: ${formatPercent(b)}.`;
  return test.pValue < SIGNIFICANCE_LEVEL
    ? `${rates} A diferença é maior que o acaso (${formatP(test.pValue)}; teste de duas proporções, nível de 5 %).`
    : `${rates} A diferença pode ser acaso: não passa do nível de 5 % (${formatP(test.pValue)}; teste de duas proporções).`;
}
