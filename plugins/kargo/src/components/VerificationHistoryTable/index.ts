export { VerificationHistoryTable } from './VerificationHistoryTable';
