export { EntityKargoCard } from './EntityKargoCard';
