import type { FastifyInstance } from 'fastify';
import type { Job } from './jobs/index.ts';

/**
 * A module as app.ts mounts it: its name, its routes (what registering them answers is what other
 * modules may use of it) and its periodic jobs (run by the job runner, one process at a time).
 */
export interface ApiModule<Deps, Face = void> {
  readonly name: string;
  routes(app: FastifyInstance, deps: Deps): Face;
  jobs(deps: Deps): Job[];
}

/** The jobs of a module that has none. */
export const noJobs = (): Job[] => [];

/** A module's descriptor, its types read from its routes (its jobs may use fewer of the dependencies). */
export const defineModule = <Deps, Face>(module: {
  name: string;
  routes: (app: FastifyInstance, deps: Deps) => Face;
  jobs: (deps: NoInfer<Deps>) => Job[];
}): ApiModule<Deps, Face> => module;
