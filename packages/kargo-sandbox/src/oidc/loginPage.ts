/** The sandbox provider's sign-in page: an email + password form. */
import { escapeHtml } from './provider';

export function loginPage(uid: string, email: string, error?: string): string {
  const action = `/oidc/interaction/${encodeURIComponent(uid)}/login`;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Sign in to the Kargo sandbox</title>
<style>body{font-family:sans-serif;max-width:22rem;margin:4rem auto}label{display:block;margin:.8rem 0 .2rem}input{width:100%;padding:.4rem}button{margin-top:1rem;padding:.5rem 1rem}.error{color:#b00020}</style>
</head>
<body>
<h1>Sign in</h1>
<p>Kargo sandbox identity provider: a user from the sandbox fixtures (kind OIDCUser).</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${action}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>
</body>
</html>`;
}
