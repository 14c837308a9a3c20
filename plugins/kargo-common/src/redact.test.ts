import { redactCredentials } from './redact';

describe('redactCredentials', () => {
  it.each([
    ['proxy said: Authorization: Bearer sekret-k8s-4f1c9e27b3d84a6f', 'sekret'],
    ['{"authorization":"Bearer abc.def"}', 'abc.def'],
    ['bad header basic dXNlcjpwYXNz', 'dXNlcjpwYXNz'],
    ['GET /x?access_token=sekret-123&y=1', 'sekret-123'],
    ['password: hunter2', 'hunter2'],
    ['token eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl expired', 'eyJ'],
  ])('removes the credential from %j', (text, secret) => {
    expect(redactCredentials(text)).not.toContain(secret);
    expect(redactCredentials(text)).toContain('[redacted]');
  });

  it('leaves ordinary Kargo messages alone', () => {
    const text =
      "Kargo instance 'prod': list stages in 'checkout-service' failed: the cluster answered 500";
    expect(redactCredentials(text)).toBe(text);
  });
});
