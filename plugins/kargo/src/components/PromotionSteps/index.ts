export { PromotionSteps } from './PromotionSteps';
export { PromotionStepsDrawer } from './PromotionStepsDrawer';
