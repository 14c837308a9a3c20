import {
  REASON_CODES,
  REASON_PART_TEMPLATES,
  REASON_TEMPLATES,
  reasonMessage,
  type Reason,
} from '@kargo-backstage/plugin-kargo-common';
import { kargoMessages, kargoTranslationRef } from './translation';
import { reasonText } from './utils/reasons';

const defaults = (
  kargoTranslationRef as unknown as {
    getDefaultMessages(): Record<string, string>;
  }
).getDefaultMessages();

/** `t` over the ref's English, filling `{{placeholders}}` as i18next does. */
const english = (key: string, options: Record<string, string> = {}) =>
  (defaults[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, n) => options[n]);

describe('the English of reasons', () => {
  it("is kargo-common's one English, not a copy of it", () => {
    expect(kargoMessages.reasons).toBe(REASON_TEMPLATES);
    expect(kargoMessages.reasonParts).toBe(REASON_PART_TEMPLATES);
    for (const code of REASON_CODES) {
      expect([code, defaults[`reasons.${code}`]]).toEqual([
        code,
        REASON_TEMPLATES[code],
      ]);
    }
  });

  it('reads in the UI as the API words it, where no time or list is in it', () => {
    const reasons = [
      {
        code: 'kargoForbidden',
        params: { instance: 'prod', message: 'User "bob" cannot promote' },
      },
      {
        code: 'invalidRequest',
        params: { field: 'limit', location: 'query' },
      },
      {
        code: 'notVerifiedInAny',
        params: { freight: 'f1', stage: 'prod', upstream: [] },
      },
    ] satisfies Reason[];
    for (const reason of reasons) {
      expect(reasonText(reason, null, 'en', english)).toBe(
        reasonMessage(reason),
      );
    }
  });
});
