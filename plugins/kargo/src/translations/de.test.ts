import { REASON_CODES } from '@kargo-backstage/plugin-kargo-common';
import { kargoMessages } from '../translation';
import { kargoTranslations } from '.';
import de from './de';

function flatten(messages: object, prefix = ''): Record<string, string> {
  return Object.entries(messages).reduce<Record<string, string>>(
    (flat, [key, value]) => {
      const path = prefix ? `${prefix}.${key}` : key;
      return typeof value === 'string'
        ? { ...flat, [path]: value }
        : { ...flat, ...flatten(value, path) };
    },
    {},
  );
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{(\w+)\}\}/g)].map(m => m[1]).sort();

describe('German translation', () => {
  const english = flatten(kargoMessages);
  const german = de.messages as Record<string, string | null>;

  it('translates every English message', () => {
    expect(Object.keys(german).sort()).toEqual(Object.keys(english).sort());
    expect(
      Object.values(german).every(
        text => typeof text === 'string' && text.length > 0,
      ),
    ).toBe(true);
  });

  it('keeps the values each message interpolates', () => {
    for (const [key, text] of Object.entries(english)) {
      expect([key, placeholders(german[key] ?? '')]).toEqual([
        key,
        placeholders(text),
      ]);
    }
  });

  it('words every reason code of kargo-common, in English and German', () => {
    const missing = REASON_CODES.filter(
      code => !english[`reasons.${code}`] || !german[`reasons.${code}`],
    );
    expect(missing).toEqual([]);
  });

  it('is loaded on demand for the language de', async () => {
    const resource = kargoTranslations as unknown as {
      id: string;
      resources: Array<{
        language: string;
        loader(): Promise<{ messages: Record<string, string | null> }>;
      }>;
    };
    expect(resource.id).toBe('plugin.kargo');
    const loader = resource.resources.find(r => r.language === 'de');
    expect((await loader!.loader()).messages['actions.reverify']).toBe(
      'Erneut verifizieren',
    );
  });
});
