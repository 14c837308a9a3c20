/** Promotion phases after which Kargo no longer changes a Promotion. @public */
export const TERMINAL_PROMOTION_PHASES = [
  'Succeeded',
  'Failed',
  'Errored',
  'Aborted',
] as const;

/** @public */
export function isTerminalPromotionPhase(phase: string | undefined): boolean {
  return (TERMINAL_PROMOTION_PHASES as readonly string[]).includes(phase ?? '');
}
