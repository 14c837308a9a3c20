export {
  errorWithReason,
  reasonMessage,
  reasonOf,
  REASON_CODES,
  type Reason,
  type ReasonCode,
  type ReasonParams,
} from './reasons';
export type { KargoApiReasonParams } from './kargoApi';
