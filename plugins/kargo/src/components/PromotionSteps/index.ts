export { PromotionSteps } from './PromotionSteps';
export { PromotionStepsDrawer } from './PromotionStepsDrawer';
export { PromotionLinks } from './PromotionLinks';
