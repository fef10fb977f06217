// Suggestions for the campaign mapping table: which utm_campaign values (what the leads carry) belong to
// each campaign name in a spend file. Only suggestions: the mentor confirms them in the console, so a
// match that could belong to two campaigns is left out rather than guessed.

export type CampaignMatch = 'exact' | 'folded' | 'none';
export type CampaignSuggestion = {
  /** The platform's campaign name, as the spend file has it. */
  campaign: string;
  /** 'exact': one of the values is the name itself; 'folded': they differ from it only in case, accents or separators. */
  match: CampaignMatch;
  /** The utm_campaign values to map to it: the identical one first, then the folded ones in their given order. */
  utmCampaigns: string[];
};

/** Case, accents and separators folded: "Solar - São Paulo" and "solar_sao-paulo" both become "solar sao paulo". */
export function foldCampaignName(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[\s_-]+/gu, ' ').trim();
}

/**
 * One suggestion per distinct platform campaign, in their given order. A utm value identical to a platform
 * campaign goes to that campaign only. Otherwise it goes, folded, to the one platform campaign it folds to;
 * when it folds to two ("Solar SP" and "solar-sp" both running), it goes to neither: which one brought those
 * leads is the mentor's call. A campaign with an identical value also gets its folded variants: leads tagged
 * "solar-sp" and "Solar SP" came from the same ads, and leaving one out would overstate the cost per lead.
 */
export function suggestCampaignMap(platformCampaigns: string[], utmCampaigns: string[]): CampaignSuggestion[] {
  const platforms = [...new Set(platformCampaigns)];
  const utms = [...new Set(utmCampaigns)];
  const platformSet = new Set(platforms);
  const utmFolds = utms.map(foldCampaignName);
  const campaignsByFold = new Map<string, number>();
  for (const p of platforms) {
    const f = foldCampaignName(p);
    campaignsByFold.set(f, (campaignsByFold.get(f) ?? 0) + 1);
  }
  return platforms.map((campaign) => {
    const fold = foldCampaignName(campaign);
    const exact = utms.filter((u) => u === campaign);
    const folded = fold === '' || campaignsByFold.get(fold) !== 1
      ? []
      : utms.filter((u, i) => !platformSet.has(u) && utmFolds[i] === fold);
    const match: CampaignMatch = exact.length > 0 ? 'exact' : folded.length > 0 ? 'folded' : 'none';
    return { campaign, match, utmCampaigns: [...exact, ...folded] };
  });
}
