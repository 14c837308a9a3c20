/**
 * The hostile-input table: path parameters, query strings and bodies that no
 * Kubernetes object or configured instance can have. Paths are sent raw (no
 * client-side normalisation), so `..` and `%2F` reach the server as typed.
 */
export interface HostileCase {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  contentType?: string;
}

/** Raw (already percent-encoded where needed) bad namespace names. */
export const BAD_PROJECTS: Array<[string, string]> = [
  ['dot-dot', '..'],
  ['dot', '.'],
  ['encoded dot-dot', '%2E%2E'],
  ['encoded traversal', '..%2F..%2Fetc%2Fpasswd'],
  ['encoded slash', 'checkout%2Fstages'],
  ['lone encoded slash', '%2F'],
  ['double-encoded slash', 'checkout%252Fx'],
  ['encoded backslash traversal', '..%5C..%5Cwindows'],
  ['uppercase', 'Checkout'],
  ['all caps', 'CHECKOUT'],
  ['64 characters', 'a'.repeat(64)],
  ['300 characters', 'p'.repeat(300)],
  ['leading dash', '-checkout'],
  ['trailing dash', 'checkout-'],
  ['underscore', 'check_out'],
  ['dot inside (not a namespace)', 'check.out'],
  ['latin accent', 'ch%C3%A9ckout'],
  ['zero-width space', '%E2%80%8Bcheckout'],
  ['right-to-left override', 'checkout%E2%80%AE'],
  ['emoji', '%F0%9F%9A%80'],
  ['CJK', '%E6%97%A5%E6%9C%AC'],
  ['fullwidth letters', '%EF%BD%83%EF%BD%88'],
  ['NUL byte', 'checkout%00'],
  ['newline', 'checkout%0A'],
  ['CRLF header injection', 'checkout%0D%0ASet-Cookie:x'],
  ['space', 'check%20out'],
  ['html', '%3Cscript%3Ealert(1)%3C%2Fscript%3E'],
  ['sql', "x'%20OR%20'1'='1"],
  ['template', '%24%7Bvars.token%7D'],
  ['label selector', 'a%2Cb%3Dc'],
  ['glob', '*'],
  ['semicolon', 'checkout%3Brm'],
];

/** Raw bad Stage / AnalysisRun names (DNS-1123 subdomain rules). */
export const BAD_OBJECTS: Array<[string, string]> = [
  ['dot-dot', '..'],
  ['dot', '.'],
  ['empty label', 'a..b'],
  ['encoded slash', 'staging%2Fstatus'],
  ['encoded traversal', '..%2F..%2Fsecrets'],
  ['uppercase', 'Staging'],
  ['254 characters', 's'.repeat(254)],
  ['300 characters', 'x'.repeat(300)],
  ['leading dash', '-staging'],
  ['trailing dot', 'staging.'],
  ['underscore', 'stag_ing'],
  ['umlaut', 'st%C3%A4ging'],
  ['emoji', '%F0%9F%98%80'],
  ['NUL byte', 'staging%00'],
  ['CRLF', 'staging%0D%0A'],
  ['space', '%20'],
  ['double-encoded slash', 'a%252Fb'],
  ['colon', 'staging%3Aabort'],
];

/** Query strings (with `?`) that must be refused on every route. */
export const BAD_QUERIES: Array<[string, string]> = [
  ['unknown instance', '?instance=nope'],
  ['uppercase instance', '?instance=Sandbox'],
  ['300-character instance', `?instance=${'i'.repeat(300)}`],
  ['empty instance', '?instance='],
  ['instance as array', '?instance[]=sandbox'],
  ['repeated instance', '?instance=sandbox&instance=sandbox'],
  ['instance as object', '?instance[name]=sandbox'],
  ['traversal instance', '?instance=..%2F..'],
  ['unicode instance', '?instance=%F0%9F%98%80'],
  ['unknown parameter', '?watch=true'],
];

/** JSON bodies (as sent) that reverify and abort refuse: they take none. */
export const BAD_BODIES: Array<[string, string]> = [
  ['malformed JSON', '{"id":'],
  ['array', '[]'],
  ['string', '"reverify"'],
  ['number', '1'],
  ['null', 'null'],
  ['boolean', 'true'],
  ['id with wrong type', '{"id":1}'],
  ['id string (ignored field must be refused)', '{"id":"x"}'],
  ['forged actor', '{"actor":"user:default/mallory"}'],
  ['prototype pollution', '{"__proto__":{"admin":true}}'],
  ['constructor pollution', '{"constructor":{"prototype":{"admin":true}}}'],
  ['deep nesting', `${'{"a":'.repeat(500)}1${'}'.repeat(500)}`],
  ['17 kB', JSON.stringify({ pad: 'x'.repeat(17 * 1024) })],
  ['over 1 MB', JSON.stringify({ pad: 'x'.repeat(1024 * 1024 + 10) })],
  ['over 1 MB array', JSON.stringify(new Array(300_000).fill(1))],
];

const ENTITY_PARTS: Array<[string, string]> = [
  ['dot-dot', '..'],
  ['encoded slash', 'a%2Fb'],
  ['64 characters', 'e'.repeat(64)],
  ['300 characters', 'e'.repeat(300)],
  ['unicode', '%C3%A9'],
  ['emoji', '%F0%9F%98%80'],
  ['trailing dash', 'name-'],
  ['NUL byte', 'a%00'],
  ['space', 'a%20b'],
  ['colon', 'component%3Adefault'],
];

const project = (p: string) => `/api/kargo/projects/${p}`;

/** Builds the whole table (more than 200 cases). */
export function hostileCases(): HostileCase[] {
  const cases: HostileCase[] = [];
  for (const [name, p] of BAD_PROJECTS) {
    cases.push(
      {
        name: `list stages, project ${name}`,
        method: 'GET',
        path: `${project(p)}/stages`,
      },
      {
        name: `get stage, project ${name}`,
        method: 'GET',
        path: `${project(p)}/stages/staging`,
      },
      {
        name: `get run, project ${name}`,
        method: 'GET',
        path: `${project(p)}/analysis-runs/run-1`,
      },
      {
        name: `reverify, project ${name}`,
        method: 'POST',
        path: `${project(p)}/stages/staging/reverify`,
      },
      {
        name: `abort, project ${name}`,
        method: 'POST',
        path: `${project(p)}/stages/staging/abort-verification`,
      },
    );
  }
  for (const [name, o] of BAD_OBJECTS) {
    cases.push(
      {
        name: `get stage ${name}`,
        method: 'GET',
        path: `${project('checkout')}/stages/${o}`,
      },
      {
        name: `get run ${name}`,
        method: 'GET',
        path: `${project('checkout')}/analysis-runs/${o}`,
      },
      {
        name: `reverify stage ${name}`,
        method: 'POST',
        path: `${project('checkout')}/stages/${o}/reverify`,
      },
      {
        name: `abort stage ${name}`,
        method: 'POST',
        path: `${project('checkout')}/stages/${o}/abort-verification`,
      },
    );
  }
  const routes: Array<[string, 'GET' | 'POST', string]> = [
    ['list stages', 'GET', `${project('checkout')}/stages`],
    ['get stage', 'GET', `${project('checkout')}/stages/staging`],
    ['get run', 'GET', `${project('checkout')}/analysis-runs/run-1`],
    ['reverify', 'POST', `${project('checkout')}/stages/staging/reverify`],
    [
      'abort',
      'POST',
      `${project('checkout')}/stages/staging/abort-verification`,
    ],
    [
      'entity stages',
      'GET',
      '/api/kargo/entities/component/default/checkout-service/stages',
    ],
  ];
  for (const [name, q] of BAD_QUERIES) {
    for (const [route, method, path] of routes) {
      cases.push({ name: `${route}, ${name}`, method, path: `${path}${q}` });
    }
  }
  cases.push({
    name: 'snapshot, unknown parameter',
    method: 'GET',
    path: '/api/kargo/snapshot?watch=true',
  });
  for (const [name, body] of BAD_BODIES) {
    for (const action of ['reverify', 'abort-verification']) {
      cases.push({
        name: `${action}, body ${name}`,
        method: 'POST',
        path: `${project('checkout')}/stages/staging/${action}`,
        body,
        contentType: 'application/json',
      });
    }
  }
  for (const [name, part] of ENTITY_PARTS) {
    cases.push(
      {
        name: `entity kind ${name}`,
        method: 'GET',
        path: `/api/kargo/entities/${part}/default/x/stages`,
      },
      {
        name: `entity namespace ${name}`,
        method: 'GET',
        path: `/api/kargo/entities/component/${part}/x/stages`,
      },
      {
        name: `entity name ${name}`,
        method: 'GET',
        path: `/api/kargo/entities/component/default/${part}/stages`,
      },
    );
  }
  return cases;
}
