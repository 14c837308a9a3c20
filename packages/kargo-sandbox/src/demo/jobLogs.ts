/**
 * Logs of the demo's job-based verification metrics (the sandbox's log
 * backend serves them; see kargoApi/jobLogs.ts): the Failed staging run of
 * `checkout` has a `checkout-smoke-test` job with two containers.
 */
export const DEMO_SMOKE_TEST_JOB = 'checkout-staging-smoke-test-3';

const probes = Array.from({ length: 10 }, (_, i) => {
  const failed = i === 2 || i === 5 || i === 8;
  return `2026-11-28T15:${String(11 + i).padStart(2, '0')}:04Z probe ${i + 1}/10 POST /cart/checkout -> ${failed ? '502 Bad Gateway' : '200 OK'} (${failed ? 1204 : 87 + i * 3} ms)`;
});

export const DEMO_JOB_LOGS: Record<string, { lines: string[] }> = {
  [`checkout/${DEMO_SMOKE_TEST_JOB}/smoke-test`]: {
    lines: [
      '2026-11-28T15:10:58Z starting checkout smoke test against http://checkout.staging.svc',
      ...probes,
      '2026-11-28T15:21:05Z 3 of 10 probes failed (threshold 0)',
      '2026-11-28T15:21:05Z FAIL checkout-smoke-test',
    ],
  },
  [`checkout/${DEMO_SMOKE_TEST_JOB}/proxy`]: {
    lines: [
      '2026-11-28T15:10:57Z envoy proxy ready',
      '2026-11-28T15:13:04Z upstream connect error or disconnect/reset before headers. reset reason: connection termination',
    ],
  },
};
