// The allocation module's public face: what other modules may use of it.
export { unionColumns } from './repository.ts';
export { shareOf, vehicleTypeOfUnion, type AllocationService } from './service.ts';
