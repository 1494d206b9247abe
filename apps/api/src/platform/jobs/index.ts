export { createJobRunner, type Job, type JobContext, type JobRunner, type RunResult } from './runner.ts';
export { housekeepingJobs, type HousekeepingOptions } from './housekeeping.ts';
