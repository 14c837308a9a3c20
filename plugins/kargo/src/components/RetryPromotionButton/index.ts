export { RetryPromotionButton } from './RetryPromotionButton';
