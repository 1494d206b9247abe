// The penalties module's public face: what other modules may use of it.
export { penaltyQueries, type PenaltyQueries } from './repository.ts';
