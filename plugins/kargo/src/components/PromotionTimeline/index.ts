export { PromotionTimeline } from './PromotionTimeline';
