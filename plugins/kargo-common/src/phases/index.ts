export {
  isActivePhase,
  isFailedPromotionPhase,
  isTerminalPhase,
  isTerminalPromotionPhase,
  VERIFICATION_PHASES,
} from './phaseSets';
