export { createJobRunner, type Job, type JobRunner } from './runner.ts';
export { housekeepingJobs } from './housekeeping.ts';
