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

  it('shows the English message without a code or for an unknown code', () => {
    expect(reasonText({}, 'From an older backend', 'de', german)).toBe(
      'From an older backend',
    );
    expect(
      reasonText({ code: 'fromTheFuture' }, 'From a newer backend', 'de', german),
    ).toBe('From a newer backend');
    expect(reasonText({ code: null }, null, 'en', english)).toBeUndefined();
  });
});
