import type { ReverificationWarning, VerificationEntry } from '../types';
import { entriesByFreight, reverificationWarningOf } from './reverifiedFailed';

/** The verification history of a Stage another takes Freight from. */
export interface UpstreamVerifications {
  stage: string;
  verifications: VerificationEntry[];
}

/**
 * An upstream Stage's history, indexed by Freight once and shared by every
 * Stage downstream of it: each of their options looks up its own Freight's
 * warning (akuity/kargo#5144), decided once, instead of scanning the whole
 * history, which a project member can make long.
 */
export class UpstreamHistory implements UpstreamVerifications {
  private byFreight?: Map<string, VerificationEntry[]>;
  private readonly warnings = new Map<string, ReverificationWarning | null>();

  constructor(
    readonly stage: string,
    readonly verifications: VerificationEntry[],
  ) {}

  warningOf(freight: string): ReverificationWarning | null {
    let warning = this.warnings.get(freight);
    if (warning === undefined) {
      this.byFreight ??= entriesByFreight(this.verifications);
      warning = reverificationWarningOf(
        this.stage,
        this.byFreight.get(freight) ?? [],
      );
      this.warnings.set(freight, warning);
    }
    return warning;
  }
}

/** `upstream` as an UpstreamHistory (indexed for this use when not one). */
export function upstreamHistoryOf(
  upstream: UpstreamVerifications,
): UpstreamHistory {
  return upstream instanceof UpstreamHistory
    ? upstream
    : new UpstreamHistory(upstream.stage, upstream.verifications);
}
