// The people module's public face: what other modules may use of it.
export type { PeopleListService } from './list-service.ts';
