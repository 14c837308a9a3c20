/** Signs in through the sandbox's OpenID provider as a browser would (code flow, login form). */
export const TEST_REDIRECT =
  'http://127.0.0.1:7007/api/auth/oidc/handler/frame';

export async function signIn(
  issuer: string,
  email: string,
  password: string,
  client = { id: 'backstage', secret: 'backstage-demo-secret' },
): Promise<{ id_token: string; refresh_token?: string; access_token: string }> {
  const cookies = new Map<string, string>();
  const go = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const c of res.headers.getSetCookie()) {
      const [kv] = c.split(';');
      const i = kv.indexOf('=');
      cookies.set(kv.slice(0, i), kv.slice(i + 1));
    }
    return res;
  };
  const origin = new URL(issuer).origin;
  const auth = new URL(`${issuer}/auth`);
  auth.search = new URLSearchParams({
    client_id: client.id,
    response_type: 'code',
    scope: 'openid profile email groups',
    redirect_uri: TEST_REDIRECT,
    state: 'test-state',
    nonce: 'test-nonce',
  }).toString();
  let res = await go(auth.toString());
  const loginUrl = new URL(res.headers.get('location')!, origin).toString();
  res = await go(loginUrl);
  const page = await res.text();
  const action = /action="([^"]+)"/.exec(page)![1];
  res = await go(new URL(action, origin).toString(), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password }).toString(),
  });
  let location = res.headers.get('location');
  while (location && !location.startsWith(TEST_REDIRECT)) {
    res = await go(new URL(location, origin).toString());
    location = res.headers.get('location');
  }
  if (!location)
    throw new Error(
      `sign-in did not come back (status ${res.status}): ${await res.text()}`,
    );
  const code = new URL(location).searchParams.get('code')!;
  const token = await fetch(`${issuer}/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(
        `${client.id}:${client.secret}`,
      ).toString('base64')}`,
    },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: TEST_REDIRECT,
    }).toString(),
  });
  if (!token.ok)
    throw new Error(`token endpoint: ${token.status} ${await token.text()}`);
  return token.json() as any;
}
