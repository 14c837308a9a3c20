export { EntityKargoCard, EntityKargoCardView } from './EntityKargoCard';
