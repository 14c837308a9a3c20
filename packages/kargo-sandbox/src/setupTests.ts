// Most tests here start a sandbox (an API server, an OpenID provider with its
// keys, Git fakes) in a hook: on a loaded CI machine that takes more than
// jest's default 5 s. The tests' own waits stay as they are.
jest.setTimeout(30_000);

export {};
