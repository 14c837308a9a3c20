export { AbortPromotionButton } from './AbortPromotionButton';
