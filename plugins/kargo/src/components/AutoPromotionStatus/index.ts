export {
  AutoPromotionEffect,
  AutoPromotionStatus,
} from './AutoPromotionStatus';
