import { describe, expect, it } from 'vitest';
import { consentMessage, parsePrivacyPolicyVersion, privacyPolicyVersionSchema } from '../../../src/domain/consent';
import { publishedPolicyVersion } from '../../../functions/lib/content-files';
import { POLICY_VERSION } from '../../support/fixtures';

describe('privacy policy version', () => {
  it('the functions accept the version the policy page publishes (its front matter, read at run time)', () => {
    expect(publishedPolicyVersion()).toBe(POLICY_VERSION);
    expect(parsePrivacyPolicyVersion(POLICY_VERSION, publishedPolicyVersion())).toBe(POLICY_VERSION);
  });

  it('accepts only the published version: well-formed others (old, invented) are not consent', () => {
    for (const v of ['1999-01-01', 'v2', '1.0.3', 'anterior-a-2026-11-21', 'x'.repeat(40)]) {
      expect(privacyPolicyVersionSchema.safeParse(v).success, v).toBe(true);
      expect(parsePrivacyPolicyVersion(v, POLICY_VERSION), v).toBeNull();
    }
    expect(parsePrivacyPolicyVersion('v2', 'v2')).toBe('v2');
  });

  it('rejects missing, empty, long, spaced or non-string values with the consent message', () => {
    for (const v of [undefined, null, '', ' 2026-11-21', '2026/11/21', 'x'.repeat(41), 'ação', 20261121, {}]) {
      expect(parsePrivacyPolicyVersion(v, POLICY_VERSION), String(v)).toBeNull();
      const result = privacyPolicyVersionSchema.safeParse(v);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0].message).toBe('Aceite a Política de Privacidade para continuar.');
    }
    expect(consentMessage).toBe('Aceite a Política de Privacidade para continuar.');
  });
});
