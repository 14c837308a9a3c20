import { kargoMessages } from '../translation';
import de from '../translations/de';
import { reasonText } from './reasons';

/** `t` over a flat message table, filling `{{placeholders}}` as i18next does. */
function translate(messages: Record<string, string>) {
  return (key: string, options: Record<string, string> = {}) =>
    (messages[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, n) => options[n]);
}
const english = translate({
  ...Object.fromEntries(
    Object.entries(kargoMessages.reasons).map(([k, v]) => [`reasons.${k}`, v]),
  ),
  ...Object.fromEntries(
    Object.entries(kargoMessages.reasonParts).map(([k, v]) => [
      `reasonParts.${k}`,
      v,
    ]),
  ),
});
const german = translate(de.messages as Record<string, string>);

const soaking = {
  code: 'soaking',
  params: {
    freight: 'f1',
    stage: 'prod',
    soakMs: 90 * 60_000,
    soaking: ['uat', 'qa'],
    soakedMs: [12 * 60_000, 45_000],
  },
};

describe('reasonText', () => {
  it('words durations and lists in English', () => {
    expect(reasonText(soaking, 'ignored', 'en', english)).toBe(
      'Freight "f1" must soak 1 hr 30 min in its upstream Stages to be available to Stage "prod"; so far 12 min in uat and 45 sec in qa',
    );
  });

  it('words durations and lists in German', () => {
    expect(reasonText(soaking, 'ignored', 'de', german)).toBe(
      `Freight „f1“ muss 1 Std. 30 Min. in den vorgelagerten Stages reifen, um für Stage „prod“ verfügbar zu sein; bisher 12 Min. in uat und 45 Sek. in qa`,
    );
  });

  it('ends a list of upstream Stages with how many more it leaves unnamed, in German', () => {
    expect(
      reasonText(
        {
          code: 'verifiedUpstream',
          params: { freight: 'f1', stages: ['uat', 'qa'], stagesMore: 98 },
        },
        null,
        'de',
        german,
      ),
    ).toMatch(/uat, qa und 98 weitere/);
  });

  it('says so when a list is empty or a time unknown', () => {
    expect(
      reasonText(
        {
          code: 'notVerifiedInAny',
          params: { freight: 'f1', stage: 'prod', upstream: [] },
        },
        null,
        'de',
        german,
      ),
    ).toMatch(/vorgelagerten Stage \(keine\)/);
    expect(
      reasonText(
        { code: 'verificationPending', params: { startTime: null } },
        null,
        'en',
        english,
      ),
    ).toMatch(/\(started unknown\)/);
  });

  it("words a Git provider's rate limit with the reset time in the viewer's zone, in English and German", () => {
    const resetTime = '2026-12-01T14:05:00.000Z';
    const reason = {
      code: 'gitRateLimited',
      params: { provider: 'GitHub', host: 'github.com', resetTime },
    };
    const clock = (language: string) =>
      new Intl.DateTimeFormat(language, { timeStyle: 'short' }).format(
        new Date(resetTime),
      );
    expect(reasonText(reason, 'in UTC', 'en', english)).toBe(
      `GitHub github.com: rate limited until ${clock('en')}`,
    );
    expect(reasonText(reason, 'in UTC', 'de', german)).toBe(
      `GitHub github.com: Rate-Limit bis ${clock('de')}`,
    );
  });

  it('words why a promote or an abort failed, in German', () => {
    expect(
      reasonText(
        {
          code: 'freightNotFound',
          params: { freight: 'no-such', project: 'checkout' },
        },
        'No Freight named or aliased "no-such" in project checkout',
        'de',
        german,
      ),
    ).toBe('Keine Freight mit Name oder Alias „no-such“ im Projekt checkout');
    expect(
      reasonText(
        {
          code: 'gitFailed',
          params: {
            provider: 'GitLab',
            host: 'gitlab.com',
            repo: 'acme/x',
            status: 502,
            detail: 'Bad Gateway',
          },
        },
        null,
        'de',
        german,
      ),
    ).toBe(
      'GitLab gitlab.com ist für acme/x fehlgeschlagen (502): Bad Gateway',
    );
  });

  it('words a missing entity and a refused request field with where it is, in English and German', () => {
    const missing = {
      code: 'entityNotFound',
      params: { kind: 'component', namespace: 'default', name: 'shop' },
    };
    expect(reasonText(missing, null, 'en', english)).toBe(
      'Entity component:default/shop not found in the catalog',
    );
    expect(reasonText(missing, null, 'de', german)).toBe(
      'Entität component:default/shop nicht im Katalog gefunden',
    );
    const invalid = {
      code: 'invalidRequest',
      params: { field: 'stage', location: 'path' },
    };
    expect(reasonText(invalid, null, 'en', english)).toBe(
      "Invalid path parameter 'stage'",
    );
    expect(reasonText(invalid, null, 'de', german)).toBe(
      'Pfadparameter „stage“ ist ungültig',
    );
  });

  it('shows the English message without a code or for an unknown code', () => {
    expect(reasonText({}, 'From an older backend', 'de', german)).toBe(
      'From an older backend',
    );
    expect(
      reasonText(
        { code: 'fromTheFuture' },
        'From a newer backend',
        'de',
        german,
      ),
    ).toBe('From a newer backend');
    expect(reasonText({ code: null }, null, 'en', english)).toBeUndefined();
  });
});
