import type { FastifyInstance } from 'fastify';
import { actionRoutes } from './action-routes.ts';
import { listRoutes } from './list-routes.ts';
import { lookupRoutes } from './lookup-routes.ts';
import { registrationRoutes } from './registration-routes.ts';
import type { PeopleServices } from './services.ts';

/** Every route of the people capability. */
export function peopleRoutes(services: PeopleServices) {
  return async (app: FastifyInstance) => {
    await app.register(lookupRoutes(services.lookups, services.ticketSubscriptions));
    await app.register(registrationRoutes(services.registration));
    await app.register(listRoutes(services.lists));
    await app.register(actionRoutes(services.actions));
  };
}
