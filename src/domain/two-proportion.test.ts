// The two-proportion z test against textbook values, its minimum sample, and the sentence the mentor reads.
import { describe, expect, it } from 'vitest';
import { comparisonSentence, enoughData, erfc, formatP, twoProportionTest, twoSidedP } from './two-proportion';

describe('normal tail', () => {
  it('gives the two-sided p-values of the normal tables', () => {
    // z = 1, 1.96, 2.576, 3: 0.3173, 0.0500, 0.0100, 0.0027 (any normal table; erfc(z/√2) to 7 digits).
    expect(twoSidedP(1)).toBeCloseTo(0.3173105, 6);
    expect(twoSidedP(1.96)).toBeCloseTo(0.0499958, 6);
    expect(twoSidedP(-1.96)).toBeCloseTo(0.0499958, 6);
    expect(twoSidedP(2.576)).toBeCloseTo(0.0099951, 6);
    expect(twoSidedP(3)).toBeCloseTo(0.0026998, 6);
    expect(twoSidedP(0)).toBe(1);
    expect(erfc(-1)).toBeCloseTo(1.8427008, 6);
  });
});

describe('two-proportion z test (pooled)', () => {
  it('matches the mammogram example of OpenIntro Statistics (Z ≈ −0.17, p ≈ 0.87)', () => {
    // 500 deaths of 44,425 with mammograms, 505 of 44,405 without: Z = −0.1658, p = 0.8683.
    const r = twoProportionTest({ successes: 500, trials: 44_425 }, { successes: 505, trials: 44_405 })!;
    expect(r.z).toBeCloseTo(-0.16580, 4);
    expect(r.pValue).toBeCloseTo(0.86832, 4);
  });

  it('matches a hand computation: 45/50 against 35/50 is Z = 2.5, p = 0.0124', () => {
    // pooled 0.8, SE = √(0.8·0.2·(1/50 + 1/50)) = 0.08, Z = 0.2 / 0.08 = 2.5; p = erfc(2.5/√2) = 0.012419.
    const r = twoProportionTest({ successes: 45, trials: 50 }, { successes: 35, trials: 50 })!;
    expect(r.z).toBeCloseTo(2.5, 9);
    expect(r.pValue).toBeCloseTo(0.0124193, 6);
  });

  it('is symmetric and undefined without trials or without variance', () => {
    const a = { successes: 40, trials: 50 }, b = { successes: 28, trials: 50 };
    expect(twoProportionTest(a, b)!.z).toBeCloseTo(-twoProportionTest(b, a)!.z, 12);
    expect(twoProportionTest(a, b)!.pValue).toBeCloseTo(0.0100973, 6);
    expect(twoProportionTest({ successes: 0, trials: 0 }, b)).toBeNull();
    expect(twoProportionTest({ successes: 30, trials: 30 }, { successes: 40, trials: 40 })).toBeNull();
  });
});

describe('minimum sample and sentence', () => {
  const wa = (successes: number, trials: number) => ({ name: 'WhatsApp', successes, trials });
  const control = (successes: number, trials: number) => ({ name: 'grupo de controle', successes, trials });

  it('needs 30 trials per group with 5 of each outcome', () => {
    expect(enoughData({ successes: 25, trials: 30 }, { successes: 20, trials: 30 })).toBe(true);
    expect(enoughData({ successes: 25, trials: 29 }, { successes: 20, trials: 30 })).toBe(false);
    expect(enoughData({ successes: 26, trials: 30 }, { successes: 20, trials: 30 })).toBe(false); // 4 no-shows
    expect(enoughData({ successes: 4, trials: 30 }, { successes: 20, trials: 30 })).toBe(false); // 4 shows
  });

  it('says "ainda poucos dados" below the minimum, with the counts', () => {
    expect(comparisonSentence(wa(20, 29), control(5, 8), 'Comparecimento')).toBe(
      'Ainda poucos dados para comparar WhatsApp e grupo de controle: o teste precisa de pelo menos 30 reuniões com resultado em cada grupo, com 5 comparecimentos e 5 faltas no mínimo (agora: 29 e 8).',
    );
  });

  it('says a difference is larger than chance at 5 %, with the rates and p', () => {
    expect(comparisonSentence(wa(45, 50), control(35, 50), 'Comparecimento')).toBe(
      'Comparecimento — WhatsApp: 90,0 %; grupo de controle: 70,0 %. A diferença é maior que o acaso (p = 0,012; teste de duas proporções, nível de 5 %).',
    );
  });

  it('says a difference may be chance when p ≥ 0.05', () => {
    // 42/50 against 38/50: Z = 1.0, p = 0.317.
    expect(comparisonSentence(wa(42, 50), control(38, 50), 'Comparecimento')).toBe(
      'Comparecimento — WhatsApp: 84,0 %; grupo de controle: 76,0 %. A diferença pode ser acaso: não passa do nível de 5 % (p = 0,317; teste de duas proporções).',
    );
  });

  it('prints tiny p-values as "p < 0,001"', () => {
    expect(formatP(0.0004)).toBe('p < 0,001');
    expect(formatP(0.05)).toBe('p = 0,050');
  });
});
