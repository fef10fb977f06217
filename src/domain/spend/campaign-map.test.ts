// Campaign mapping suggestions: which utm_campaign values a spend file's campaign names are suggested to
// cover, identical first, then equal once case, accents and separators are folded, never a guess.
import { describe, expect, it } from 'vitest';
import { foldCampaignName, suggestCampaignMap } from './campaign-map';

describe('campaign map: folding', () => {
  it('folds case, accents and runs of spaces, hyphens and underscores', () => {
    expect(foldCampaignName('Solar - São Paulo')).toBe('solar sao paulo');
    expect(foldCampaignName('solar_sao-paulo')).toBe('solar sao paulo');
    expect(foldCampaignName('  SOLAR__ São\tPaulo--  ')).toBe('solar sao paulo');
    // Decomposed input (NFD already) folds the same as composed.
    expect(foldCampaignName('Promoc\u0327a\u0303o')).toBe(foldCampaignName('Promoção'));
    expect(foldCampaignName('Promoção')).toBe('promocao');
    // Other punctuation is kept: "solar.sp" is not "solar sp".
    expect(foldCampaignName('Solar.SP')).toBe('solar.sp');
  });
});

describe('campaign map: suggestions', () => {
  it('suggests identical values, then folded ones, and says which kind matched', () => {
    expect(suggestCampaignMap(
      ['Integradores SP', 'Remarketing – Visitantes', 'Marca'],
      ['integradores-sp', 'Integradores SP', 'remarketing_–_visitantes', 'outra'],
    )).toEqual([
      { campaign: 'Integradores SP', match: 'exact', utmCampaigns: ['Integradores SP', 'integradores-sp'] },
      { campaign: 'Remarketing – Visitantes', match: 'folded', utmCampaigns: ['remarketing_–_visitantes'] },
      { campaign: 'Marca', match: 'none', utmCampaigns: [] },
    ]);
  });

  it('folds accents and case both ways', () => {
    expect(suggestCampaignMap(['Promoção Verão'], ['promocao-verao', 'PROMOÇÃO_VERÃO'])).toEqual([
      { campaign: 'Promoção Verão', match: 'folded', utmCampaigns: ['promocao-verao', 'PROMOÇÃO_VERÃO'] },
    ]);
  });

  it('gives a value identical to one campaign to that one only, even when it folds to another', () => {
    expect(suggestCampaignMap(['Solar SP', 'solar-sp'], ['solar-sp', 'Solar SP'])).toEqual([
      { campaign: 'Solar SP', match: 'exact', utmCampaigns: ['Solar SP'] },
      { campaign: 'solar-sp', match: 'exact', utmCampaigns: ['solar-sp'] },
    ]);
  });

  it('leaves out a folded value that two campaigns could claim', () => {
    expect(suggestCampaignMap(['Solar SP', 'solar-sp', 'Marca'], ['SOLAR_SP', 'marca'])).toEqual([
      { campaign: 'Solar SP', match: 'none', utmCampaigns: [] },
      { campaign: 'solar-sp', match: 'none', utmCampaigns: [] },
      { campaign: 'Marca', match: 'folded', utmCampaigns: ['marca'] },
    ]);
  });

  it('lists each campaign and value once, and never matches names that fold to nothing', () => {
    expect(suggestCampaignMap(['Marca', 'Marca', '---'], ['marca', 'marca', '___', ''])).toEqual([
      { campaign: 'Marca', match: 'folded', utmCampaigns: ['marca'] },
      { campaign: '---', match: 'none', utmCampaigns: [] },
    ]);
    expect(suggestCampaignMap([], ['marca'])).toEqual([]);
  });
});
