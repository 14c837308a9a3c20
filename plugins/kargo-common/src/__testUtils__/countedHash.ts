/** How many SHA-1 the code under test computed (reset it as the test needs). */
export const hashes = { count: 0 };

const actual =
  jest.requireActual<typeof import('../util/hash')>('../util/hash');

/**
 * util/hash with its SHA-1 counted in `hashes`. Use it as
 * `jest.mock('../util/hash', () =>
 * jest.requireActual('../__testUtils__/countedHash').countedHash)`.
 */
export const countedHash = {
  ...actual,
  sha1Hex: (text: string) => {
    hashes.count++;
    return actual.sha1Hex(text);
  },
};
