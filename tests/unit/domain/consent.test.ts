import { describe, expect, it } from 'vitest';
import { consentMessage, parsePrivacyPolicyVersion, privacyPolicyVersionSchema } from '../../../src/domain/consent';

describe('privacy policy version', () => {
  it('accepts versions like the policy frontmatter', () => {
    for (const v of ['2026-11-21', 'v2', '1.0.3', 'anterior-a-2026-11-21', 'A_b', 'x'.repeat(40)]) expect(parsePrivacyPolicyVersion(v)).toBe(v);
  });

  it('rejects missing, empty, long, spaced or non-string values with the consent message', () => {
    for (const v of [undefined, null, '', ' 2026-11-21', '2026/11/21', 'x'.repeat(41), 'ação', 20261121, {}]) {
      expect(parsePrivacyPolicyVersion(v), String(v)).toBeNull();
      const result = privacyPolicyVersionSchema.safeParse(v);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0].message).toBe('Aceite a Política de Privacidade para continuar.');
    }
    expect(consentMessage).toBe('Aceite a Política de Privacidade para continuar.');
  });
});
