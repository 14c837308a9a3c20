export {
  errorWithReason,
  reasonMessage,
  reasonOf,
  REASON_CODES,
  type Reason,
  type ReasonCode,
  type ReasonParams,
  type UpstreamParams,
} from './reasons';
export type { KargoApiReasonParams } from './kargoApi';
export {
  interpolate,
  REASON_PART_TEMPLATES,
  REASON_TEMPLATES,
  type ReasonPart,
} from './templates';
export { reasonValues, type ReasonFormatters } from './values';
