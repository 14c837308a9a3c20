export { VerificationPhaseStatus } from './VerificationPhaseStatus';
